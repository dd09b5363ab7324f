// Summarises a V8 .cpuprofile (e.g. from BENCH_CPU_PROF=dir npm run bench:widget): self time and
// inclusive time by function, and self time by file, as shares of the busy time (all samples but
// "(idle)"), so a hot spot reads the same however long the window was.
//   npx tsx bench/cpu-profile-summary.ts <file.cpuprofile> [rows=25] [filter]
// `filter` keeps only functions whose name or file contains it (inclusive table), e.g. "widget/".
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, rowsArg, filter] = process.argv.slice(2);
if (!file) {
  console.error('usage: tsx bench/cpu-profile-summary.ts <file.cpuprofile> [rows] [filter]');
  process.exit(2);
}
const rows = Number(rowsArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const short = (url: string) => url.replace(/^file:\/\//, '').replace(/^.*\/node_modules\//, 'npm:').replace(/^.*\/work\/main\//, '');
const key = (n: ProfileNode) => {
  const { functionName, url, lineNumber } = n.callFrame;
  return url ? `${functionName || '(anonymous)'}  ${short(url)}:${lineNumber + 1}` : functionName;
};

// A sample's time is the delta to the next sample (the last one gets the median interval).
const deltas = profile.timeDeltas.slice(1).concat([profile.timeDeltas[Math.floor(profile.timeDeltas.length / 2)] ?? 0]);
const self = new Map<string, number>();
const inclusive = new Map<string, number>();
const files = new Map<string, number>();
let total = 0;
let idle = 0;
profile.samples.forEach((id, i) => {
  const us = Math.max(0, deltas[i] ?? 0);
  const node = byId.get(id)!;
  total += us;
  if (node.callFrame.functionName === '(idle)') return void (idle += us);
  self.set(key(node), (self.get(key(node)) ?? 0) + us);
  const f = node.callFrame.url ? short(node.callFrame.url) : node.callFrame.functionName;
  files.set(f, (files.get(f) ?? 0) + us);
  // Each function once per sample, however deep its recursion.
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const k = key(byId.get(at)!);
    if (seen.has(k)) continue;
    seen.add(k);
    inclusive.set(k, (inclusive.get(k) ?? 0) + us);
  }
});

const busy = total - idle;
const pct = (us: number) => `${((100 * us) / busy).toFixed(1).padStart(5)}%`;
const table = (title: string, m: Map<string, number>, keep: (k: string) => boolean = () => true) => {
  console.log(`\n${title}`);
  for (const [k, us] of [...m].filter(([k]) => keep(k)).sort((a, b) => b[1] - a[1]).slice(0, rows)) {
    console.log(`  ${pct(us)} ${(us / 1000).toFixed(0).padStart(7)} ms  ${k}`);
  }
};

console.log(`${file}: ${(total / 1e6).toFixed(2)} s sampled, busy ${(busy / 1e6).toFixed(2)} s (${((100 * busy) / total).toFixed(0)}%), ${profile.samples.length} samples`);
table('self time by function (share of busy time)', self);
table('self time by file', files);
const structural = new Set(['(root)', '(program)']);
table(`inclusive time by function${filter ? ` matching "${filter}"` : ''}`, inclusive, (k) => !structural.has(k) && (!filter || k.includes(filter)));
