// bench:retrieval — hybrid retrieval (BM25 via minisearch + local hashed vectors, fused) over 10k
// chunks of real, varied text from node_modules (bench/corpus.ts).
// Each query is measured twice: retrieval alone, and generate's offline work (retrieval plus the
// answerer's decision and answer text), with a few German/Spanish and misspelt questions among them.
// Prints figures only; it does not pass or fail. Last line: generate_p50_ms=… p50_ms=… p99_ms=… chunks_per_s=…
import { performance } from 'node:perf_hooks';
import os from 'node:os';
import { contextText } from '../server/domains/knowledge/chunker.js';
import { corpus } from './corpus.js';
import { localEmbed } from '../server/domains/knowledge/embedder.js';
import { HybridIndex, type IndexedChunk } from '../server/domains/knowledge/hybrid-index.js';
import { terms } from '../server/domains/knowledge/text.js';
import { loadDictionary } from '../server/domains/knowledge/analysis/dictionary.js';
import { createOfflineAnswerer } from '../server/domains/agent/offline/answerer.js';

const TARGET = Number(process.env.CHUNKS ?? 10_000);
const QUERIES = Number(process.env.QUERIES ?? 2_000);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Deterministic PRNG so every run asks the same questions. */
function rng(seed: number) {
  return () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
}

const docs = await corpus(TARGET);
const totalChunks = docs.reduce((n, d) => n + d.chunks.length, 0);
console.log(`corpus: ${docs.length} files from node_modules (${docs.filter((d) => d.path.endsWith('.md')).length} Markdown, the rest .d.ts doc comments) → ${totalChunks} chunks`);

// Indexing: embed each chunk with its title/heading context and insert it (what a sync does after
// fetching, minus the durable write).
const index = new HybridIndex(localEmbed('probe').length, undefined, true);
const t0 = performance.now();
docs.forEach((d, i) => {
  const sourceId = `s${i}`;
  const chunks: IndexedChunk[] = d.chunks.map((c, ord) => ({
    id: `${sourceId}:${ord}`,
    source_id: sourceId,
    title: d.title,
    url: null,
    question: null,
    headings: c.headings,
    text: c.text,
    vector: localEmbed(contextText(d.title, c.headings, c.text)),
  }));
  index.setSource(sourceId, chunks);
});
const indexMs = performance.now() - t0;
const chunksPerS = Math.round(totalChunks / (indexMs / 1000));
console.log(`indexing: ${totalChunks} chunks in ${indexMs.toFixed(0)} ms → ${chunksPerS} chunks/s`);

// Queries: 3–6 consecutive content words from random chunks (keyword-style and natural lengths),
// plus a few fixed questions; the query's own embedding is part of each measured search.
const rand = rng(42);
const all = docs.flatMap((d, i) => d.chunks.map((c, ord) => ({ id: `s${i}:${ord}`, text: c.text })));
const queries: { q: string; expect: string }[] = [];
while (queries.length < QUERIES) {
  const c = all[Math.floor(rand() * all.length)];
  const t = c.text.split(/\s+/).filter((w) => /^[A-Za-z][A-Za-z-]{2,}$/.test(w));
  if (t.length < 8) continue;
  const len = 3 + Math.floor(rand() * 4);
  const start = Math.floor(rand() * (t.length - len));
  const q = t.slice(start, start + len).join(' ');
  if (terms(q).length < 2) continue;
  queries.push({ q, expect: c.id });
}
for (const q of [
  'how do I register a plugin',
  'what is the default log level',
  'how to validate a request body with a schema',
  'close the server gracefully',
  'how do I instal the pakage and recieve events',
  'Wie kann ich den Server ordnungsgemäß beenden?',
  '¿Cómo valido el cuerpo de una petición con un esquema?',
]) {
  queries.push({ q, expect: '' });
}

// Dictionaries load once per process (and are cached on disk); not part of a query's time.
await Promise.all([loadDictionary('de'), loadDictionary('es')]);
for (const { q } of queries.slice(0, 100)) index.search(q, localEmbed(q), { limit: 5 }); // warm-up (JIT)
const answerer = createOfflineAnswerer();
const generate: number[] = [];

const latencies: number[] = [];
const cpuTimes: number[] = [];
let hit1 = 0;
let hit5 = 0;
let judged = 0;
for (const { q, expect } of queries) {
  const cpu = process.cpuUsage();
  const s = performance.now();
  const res = index.search(q, localEmbed(q), { limit: 5 });
  latencies.push(performance.now() - s);
  const used = process.cpuUsage(cpu);
  cpuTimes.push((used.user + used.system) / 1000);
  // generate's offline work for the same question: retrieval (6 passages) plus the answerer.
  const g = performance.now();
  const passages = index.search(q, localEmbed(q), { limit: 6 });
  answerer.analyse({ projectId: 'bench', question: q, history: [], passages, tools: [], onDelta: () => {} });
  generate.push(performance.now() - g);
  if (expect) {
    judged++;
    if (res[0]?.chunk_id === expect) hit1++;
    if (res.some((r) => r.chunk_id === expect)) hit5++;
  }
}
latencies.sort((a, b) => a - b);
const p50 = percentile(latencies, 50);
const p99 = percentile(latencies, 99);
console.log(`queries: ${latencies.length}, limit 5`);
console.log(`latency: p50 ${p50.toFixed(2)} ms, p90 ${percentile(latencies, 90).toFixed(2)} ms, p99 ${p99.toFixed(2)} ms, max ${latencies.at(-1)!.toFixed(2)} ms`);
cpuTimes.sort((a, b) => a - b);
// On a shared machine wall time includes waiting for a core; CPU time per query shows the work itself.
console.log(`cpu time per query: p50 ${percentile(cpuTimes, 50).toFixed(2)} ms, p99 ${percentile(cpuTimes, 99).toFixed(2)} ms (load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores)`);
console.log(`sanity (query taken from a chunk finds that chunk): hit@1 ${(hit1 / judged).toFixed(3)}, hit@5 ${(hit5 / judged).toFixed(3)}`);
generate.sort((a, b) => a - b);
const g50 = percentile(generate, 50);
console.log(`generate (retrieval + offline answerer): p50 ${g50.toFixed(2)} ms, p99 ${percentile(generate, 99).toFixed(2)} ms`);
console.log(`generate_p50_ms=${g50.toFixed(2)} p50_ms=${p50.toFixed(2)} p99_ms=${p99.toFixed(2)} chunks_per_s=${chunksPerS}`);
