#!/usr/bin/env node
// `npm run size`: the built widget's bytes ON THE WIRE against its budgets. Each file is requested
// from the real app (buildApp over a throwaway data dir, through inject) with the Accept-Encoding a
// browser sends, `br, gzip`, so the figures are what the server actually sends: the precompressed
// brotli copy when there is one, else gzip, else the raw bytes. Fails (exit 1) above budget.
// "First message" is everything a visitor downloads before the first message renders: the loader,
// the app entry, every chunk it imports statically and its CSS files (the app's styles are inlined in
// its JS, so today that list is empty). Run `npm run build` first.
// Budgets are KiB on the wire: loader 3 KiB, first message 30 KiB. Last line: name=value pairs.
import { readFileSync, existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const OUT = 'dist/widget';
const LOADER_BUDGET = 3 * 1024;
const FIRST_MESSAGE_BUDGET = 30 * 1024;
const ACCEPT = 'br, gzip';

if (!existsSync(join(OUT, 'widget.json'))) {
  console.error(`${OUT}/widget.json not found: run \`npm run build\` first`);
  process.exit(1);
}
const info = JSON.parse(readFileSync(join(OUT, 'widget.json'), 'utf8'));
const manifest = JSON.parse(readFileSync(join(OUT, '.vite/manifest.json'), 'utf8'));

const load = (path) => tsImport(pathToFileURL(resolve(path)).href, import.meta.url);
const { buildApp } = await load('server/app.ts');
const { testConfig } = await load('server/config.ts');
const dataDir = await mkdtemp(join(tmpdir(), 'parley-size-'));
const app = await buildApp(testConfig(dataDir, { widgetDir: resolve(OUT) }));

/** One file as the server sends it: bytes on the wire, the encoding, and the raw size. */
async function measure(file) {
  const res = await app.inject({ method: 'GET', url: `/widget/${file}`, headers: { 'accept-encoding': ACCEPT } });
  if (res.statusCode !== 200) throw new Error(`GET /widget/${file}: ${res.statusCode}`);
  const wire = res.rawPayload.length;
  if (Number(res.headers['content-length']) !== wire) throw new Error(`${file}: Content-Length ${res.headers['content-length']} but ${wire} bytes sent`);
  return { file, raw: readFileSync(join(OUT, file)).length, wire, encoding: res.headers['content-encoding'] ?? 'identity' };
}

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

let rows, later;
try {
  rows = await Promise.all([...firstFiles].map(measure));
  later = await Promise.all(info.files.filter((f) => !firstFiles.has(f) && f !== info.loader_hashed).map(measure));
} finally {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
}

const pad = (s, n) => String(s).padEnd(n);
console.log(`Accept-Encoding: ${ACCEPT}`);
console.log(pad('file', 44) + pad('bytes', 10) + pad('on wire', 10) + 'encoding');
for (const r of rows) console.log(pad(r.file, 44) + pad(r.raw, 10) + pad(r.wire, 10) + r.encoding);
for (const r of later) console.log(pad(r.file + ' (later)', 44) + pad(r.raw, 10) + pad(r.wire, 10) + r.encoding);

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
console.log(
  `loader_wire_bytes=${loader.wire} loader_encoding=${loader.encoding} first_message_wire_bytes=${first} ` +
    `loader_raw_bytes=${loader.raw} first_message_raw_bytes=${firstRaw}`,
);
process.exit(failed ? 1 : 0);
