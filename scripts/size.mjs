#!/usr/bin/env node
// `npm run size`: the built widget's bytes ON THE WIRE against its budgets. Each file is requested
// from the real app (buildApp over a throwaway data dir, through inject) with the Accept-Encoding a
// browser sends, `br, gzip`, so the figures are what the server actually sends: the precompressed
// brotli copy when there is one, else gzip, else the raw bytes. Fails (exit 1) above budget.
// "First message" is everything a visitor downloads before the first message renders: the loader,
// the app entry, every chunk it imports statically and its CSS files (the app's styles are inlined in
// its JS, so today that list is empty). Run `npm run build` first.
// The team console (dist/dashboard, served at /app): "console first screen" is index.html, the entry
// with its static imports and CSS, and the chunks of the sign-in and inbox pages (the first screen
// either way) with theirs — fetched from /app like a browser would.
// Budgets are KiB on the wire: loader 3 KiB, first message 30 KiB, console first screen 80 KiB gzipped.
// Last line: name=value pairs.
import { readFileSync, existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const OUT = 'dist/widget';
const LOADER_BUDGET = 3 * 1024;
const FIRST_MESSAGE_BUDGET = 30 * 1024;
const CONSOLE_OUT = 'dist/dashboard';
const CONSOLE_BUDGET = 80 * 1024;
const CONSOLE_FIRST_PAGES = ['pages/LoginPage.tsx', 'pages/InboxPage.tsx'];
const ACCEPT = 'br, gzip';

for (const marker of [join(OUT, 'widget.json'), join(CONSOLE_OUT, '.vite/manifest.json')]) {
  if (!existsSync(marker)) {
    console.error(`${marker} not found: run \`npm run build\` first`);
    process.exit(1);
  }
}
const info = JSON.parse(readFileSync(join(OUT, 'widget.json'), 'utf8'));
const manifest = JSON.parse(readFileSync(join(OUT, '.vite/manifest.json'), 'utf8'));

const load = (path) => tsImport(pathToFileURL(resolve(path)).href, import.meta.url);
const { buildApp } = await load('server/app.ts');
const { testConfig } = await load('server/config.ts');
const dataDir = await mkdtemp(join(tmpdir(), 'parley-size-'));
const app = await buildApp(testConfig(dataDir, { widgetDir: resolve(OUT) }));

/** One file as the server sends it: bytes on the wire, the encoding, and the raw size. */
async function measure(file, url = `/widget/${file}`, dir = OUT, accept = ACCEPT) {
  const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': accept } });
  if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode}`);
  const wire = res.rawPayload.length;
  if (Number(res.headers['content-length']) !== wire) throw new Error(`${file}: Content-Length ${res.headers['content-length']} but ${wire} bytes sent`);
  return { file, raw: readFileSync(join(dir, file)).length, wire, encoding: res.headers['content-encoding'] ?? 'identity' };
}

// The console's first screen: index.html, then every file the entry and the first pages import statically.
const consoleManifest = JSON.parse(readFileSync(join(CONSOLE_OUT, '.vite/manifest.json'), 'utf8'));
const consoleFiles = new Set(['index.html']);
const visitConsole = (key) => {
  const item = consoleManifest[key];
  if (!item || consoleFiles.has(item.file)) return;
  consoleFiles.add(item.file);
  for (const css of item.css ?? []) consoleFiles.add(css);
  for (const imp of item.imports ?? []) visitConsole(imp);
};
visitConsole(Object.keys(consoleManifest).find((k) => consoleManifest[k].isEntry));
for (const page of CONSOLE_FIRST_PAGES) visitConsole(page);

// Walk the app entry's static imports (dynamic imports load later, on demand).
const firstFiles = new Set([info.loader]);
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry && manifest[k].file === info.app);
const visit = (key) => {
  const item = manifest[key];
  if (!item || firstFiles.has(item.file)) return;
  firstFiles.add(item.file);
  for (const css of item.css ?? []) firstFiles.add(css);
  for (const imp of item.imports ?? []) visit(imp);
};
if (entryKey) visit(entryKey);
else firstFiles.add(info.app);

let rows, later, consoleRows, consoleGzip;
try {
  rows = await Promise.all([...firstFiles].map((f) => measure(f)));
  later = await Promise.all(info.files.filter((f) => !firstFiles.has(f) && f !== info.loader_hashed).map((f) => measure(f)));
  // index.html is what /app answers (the SPA page); the assets live under /app/assets/.
  const consoleUrl = (f) => (f === 'index.html' ? '/app' : `/app/${f}`);
  consoleRows = await Promise.all([...consoleFiles].map((f) => measure(f, consoleUrl(f), CONSOLE_OUT)));
  // The console's budget is stated gzipped (a browser or proxy without brotli), so it is checked on gzip.
  consoleGzip = await Promise.all([...consoleFiles].map((f) => measure(f, consoleUrl(f), CONSOLE_OUT, 'gzip')));
} finally {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
}

const pad = (s, n) => String(s).padEnd(n);
console.log(`Accept-Encoding: ${ACCEPT}`);
console.log(pad('file', 44) + pad('bytes', 10) + pad('on wire', 10) + 'encoding');
for (const r of rows) console.log(pad(r.file, 44) + pad(r.raw, 10) + pad(r.wire, 10) + r.encoding);
for (const r of later) console.log(pad(r.file + ' (later)', 44) + pad(r.raw, 10) + pad(r.wire, 10) + r.encoding);
for (const r of consoleRows) console.log(pad('console: ' + r.file, 44) + pad(r.raw, 10) + pad(r.wire, 10) + r.encoding);

const loader = rows.find((r) => r.file === info.loader);
const first = rows.reduce((sum, r) => sum + r.wire, 0);
const firstRaw = rows.reduce((sum, r) => sum + r.raw, 0);
let failed = false;
const check = (label, value, budget) => {
  const ok = value <= budget;
  if (!ok) failed = true;
  console.log(`${label}: ${value} B on the wire, budget ${budget} B ${ok ? 'ok' : 'OVER BUDGET'}`);
};
check('loader', loader.wire, LOADER_BUDGET);
check('first message (loader + app + css)', first, FIRST_MESSAGE_BUDGET);
const consoleFirst = consoleRows.reduce((sum, r) => sum + r.wire, 0);
const consoleRaw = consoleRows.reduce((sum, r) => sum + r.raw, 0);
const consoleFirstGzip = consoleGzip.reduce((sum, r) => sum + r.wire, 0);
console.log(`console first screen (page + entry + sign-in and inbox pages): ${consoleFirst} B on the wire (${ACCEPT})`);
check('console first screen, gzip only', consoleFirstGzip, CONSOLE_BUDGET);
console.log(
  `loader_wire_bytes=${loader.wire} loader_encoding=${loader.encoding} first_message_wire_bytes=${first} ` +
    `loader_raw_bytes=${loader.raw} first_message_raw_bytes=${firstRaw} console_first_screen_wire_bytes=${consoleFirst} console_first_screen_gzip_bytes=${consoleFirstGzip} console_first_screen_raw_bytes=${consoleRaw}`,
);
process.exit(failed ? 1 : 0);
