// bench:retrieval — hybrid retrieval (BM25 via minisearch + local hashed vectors, fused) over 10k
// chunks of real, varied text: the Markdown files shipped inside node_modules (READMEs, docs,
// changelogs of many packages), parsed and chunked exactly as a wiki import would; when they give
// fewer than 10k chunks, the documentation comments of the .d.ts files in node_modules (TypeScript's
// lib files, Node's types…) fill up, one section per documented declaration.
// Each query is measured twice: retrieval alone, and generate's offline work (retrieval plus the
// answerer's decision and answer text), with a few German/Spanish and misspelt questions among them.
// Prints figures only; it does not pass or fail. Last line: generate_p50_ms=… p50_ms=… p99_ms=… chunks_per_s=…
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import os from 'node:os';
import { parseMarkdown } from '../server/domains/knowledge/parse-markdown.js';
import { chunkDoc, contextText, type ChunkDraft, type ParsedDoc } from '../server/domains/knowledge/chunker.js';
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

async function filesOf(dir: string, ext: string, out: string[], depth = 0): Promise<void> {
  if (depth > 6) return;
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const full = join(dir, e.name);
    if (e.isDirectory()) await filesOf(full, ext, out, depth + 1);
    else if (e.isFile() && e.name.toLowerCase().endsWith(ext)) out.push(full);
  }
}

interface Doc {
  title: string;
  path: string;
  chunks: ChunkDraft[];
}

/** `/** … *\/` comments of a declaration file, each under the name of what it documents. */
function declarationDoc(text: string, title: string): ParsedDoc {
  const sections: ParsedDoc['sections'] = [];
  for (const m of text.matchAll(/\/\*\*([\s\S]*?)\*\/\s*(?:export\s+)?(?:declare\s+)?(?:readonly\s+)?(?:function|interface|class|const|let|var|type|namespace|enum)?\s*([A-Za-z_$][\w$]*)/g)) {
    const body = m[1].split('\n').map((l) => l.replace(/^\s*\*\s?/, '')).join('\n').trim();
    if (body.length >= 60) sections.push({ headings: [m[2]], text: body });
  }
  return { title, sections };
}

async function corpus(): Promise<Doc[]> {
  const root = join(process.cwd(), 'node_modules');
  const files: string[] = [];
  await filesOf(root, '.md', files);
  await filesOf(root, '.d.ts', files);
  const docs: Doc[] = [];
  const seen = new Set<string>();
  let total = 0;
  for (const path of files) {
    const text = await readFile(path, 'utf8').catch(() => '');
    if (text.length < 200 || seen.has(text)) continue; // skip stubs and the many identical LICENSE-like files
    seen.add(text);
    const title = path.split('/').slice(-2).join('/');
    const doc = path.endsWith('.d.ts') ? declarationDoc(text, title) : parseMarkdown(text, title);
    const chunks = chunkDoc(doc);
    if (chunks.length === 0) continue;
    docs.push({ title: doc.title, path, chunks });
    total += chunks.length;
    if (total >= TARGET) break;
  }
  return docs;
}

const docs = await corpus();
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
