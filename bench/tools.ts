// Unitool cold start (spec 2.9; docs/behaviour.md "Unitools"): every run is a fresh bwrap sandbox,
// prlimit and interpreter, with the arguments as JSON on stdin and a JSON result on stdout, as the
// agent's tool call does. A trivial Python and a trivial Shell tool, run one after the other (a
// warm-up run each first, so the figures are of the sandbox, not of the first read from disk).
// Prints figures only; it does not pass or fail. Target: p50 ≤ 150 ms on 2 cores.
// Then the overhead of an external tool call (MCP) through Parley's client against the SDK's own
// client, over stdio and Streamable HTTP (bench/mcp-calls.ts).
// Last line: python_p50_ms=… python_p99_ms=… shell_p50_ms=… shell_p99_ms=… mcp_stdio_pool_p50_ms=… …
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { runInSandbox, sandboxMissing, type SandboxLanguage } from '../server/domains/unitools/sandbox.js';
import { findCgroupHost } from '../server/domains/unitools/run-cgroup.js';
import { benchMcp } from './mcp-calls.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const TOOLS: Record<SandboxLanguage, string> = {
  python: 'import json, sys\nargs = json.load(sys.stdin)\nprint(json.dumps({"echo": args["n"]}))',
  shell: 'read -r args\necho "{\\"echo\\": $args}"',
};

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (v: number) => v.toFixed(1);

async function measure(language: SandboxLanguage): Promise<number[]> {
  const missing = sandboxMissing(language);
  if (missing) throw new Error(`cannot run the sandbox: ${missing}`);
  const times: number[] = [];
  // Each run in its own cgroup where the server would make one (run-cgroup.ts).
  const cgroup = findCgroupHost(process.env.UNITOOL_CGROUP || undefined);
  for (let i = -1; i < RUNS; i++) {
    const started = performance.now();
    const out = await runInSandbox({ language, code: TOOLS[language], input: { n: i }, env: { TOKEN: 'bench' }, timeoutMs: 5000, memoryMb: 128, cgroup });
    const elapsed = performance.now() - started;
    if (!out.ok) throw new Error(`${language} run failed: ${out.error?.code} ${out.error?.message}`);
    if (i >= 0) times.push(elapsed);
  }
  return times.sort((a, b) => a - b);
}

const figures: Record<string, string> = {};
for (const language of ['python', 'shell'] as const) {
  const t = await measure(language);
  console.log(`${language}: ${RUNS} cold starts, p50 ${ms(pct(t, 50))} ms, p99 ${ms(pct(t, 99))} ms, max ${ms(t.at(-1)!)} ms (load average ${loadavg()[0].toFixed(1)})`);
  figures[`${language}_p50_ms`] = ms(pct(t, 50));
  figures[`${language}_p99_ms`] = ms(pct(t, 99));
}
Object.assign(figures, await benchMcp(Number(process.env.BENCH_MCP_RUNS ?? 300)));
console.log(Object.entries(figures).map(([k, v]) => `${k}=${v}`).join(' '));
