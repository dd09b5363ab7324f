#!/usr/bin/env node
// `npm run size`: gzip sizes of the built widget against its budgets (issue 4). Fails (exit 1) above
// budget. "First message" is everything a visitor downloads before the first message renders: the
// loader, the app entry, every chunk it imports statically and its CSS files (the app's styles are
// inlined in its JS, so today that list is empty). Run `npm run build` first.
// Budgets are KiB: loader 3 KiB, first message 30 KiB.
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const OUT = 'dist/widget';
const LOADER_BUDGET = 3 * 1024;
const FIRST_MESSAGE_BUDGET = 30 * 1024;

if (!existsSync(join(OUT, 'widget.json'))) {
  console.error(`${OUT}/widget.json not found: run \`npm run build\` first`);
  process.exit(1);
}
const info = JSON.parse(readFileSync(join(OUT, 'widget.json'), 'utf8'));
const manifest = JSON.parse(readFileSync(join(OUT, '.vite/manifest.json'), 'utf8'));
const gz = (file) => gzipSync(readFileSync(join(OUT, file)), { level: 9 }).length;
const raw = (file) => readFileSync(join(OUT, file)).length;

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

const rows = [...firstFiles].map((file) => ({ file, raw: raw(file), gz: gz(file) }));
const pad = (s, n) => String(s).padEnd(n);
console.log(pad('file', 44) + pad('bytes', 10) + 'gzip');
for (const r of rows) console.log(pad(r.file, 44) + pad(r.raw, 10) + r.gz);
const others = info.files.filter((f) => !firstFiles.has(f) && f !== info.loader_hashed);
for (const f of others) console.log(pad(f + ' (later)', 44) + pad(raw(f), 10) + gz(f));

const loaderGz = gz(info.loader);
const firstGz = rows.reduce((sum, r) => sum + r.gz, 0);
let failed = false;
const check = (label, value, budget) => {
  const ok = value <= budget;
  if (!ok) failed = true;
  console.log(`${label}: ${value} B gzip, budget ${budget} B ${ok ? 'ok' : 'OVER BUDGET'}`);
};
check('loader', loaderGz, LOADER_BUDGET);
check('first message (loader + app + css)', firstGz, FIRST_MESSAGE_BUDGET);
console.log(`loader_gz_bytes=${loaderGz} first_message_gz_bytes=${firstGz}`);
process.exit(failed ? 1 : 0);
