// `npx tsx server/domains/agent/testing/haystack-eval.ts`: the dev questions (dev-set.ts) over a
// large knowledge base — Parley's docs plus the Markdown shipped in node_modules (about 10k chunks,
// as bench:retrieval builds it) — so the answerer's decision is also checked where nearly every
// word of a question is known somewhere. Index and answerer only (no HTTP). Last line name=value.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseMarkdown } from '../../knowledge/parse-markdown.js';
import { chunkDoc } from '../../knowledge/chunker.js';
import { HybridIndex } from '../../knowledge/hybrid-index.js';
import { loadDictionary } from '../../knowledge/analysis/dictionary.js';
import { createOfflineAnswerer } from '../offline/answerer.js';
import { DEV_QUESTIONS } from './dev-set.js';

const TARGET = 10_000;
async function markdownFiles(dir: string, out: string[], depth = 0): Promise<void> {
  if (depth > 6) return;
  for (const e of (await readdir(dir, { withFileTypes: true }).catch(() => [])).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = join(dir, e.name);
    if (e.isDirectory()) await markdownFiles(full, out, depth + 1);
    else if (e.name.toLowerCase().endsWith('.md')) out.push(full);
  }
}
const own = ['README.md', 'csp.md', ...(await readdir('docs')).filter((n) => n.endsWith('.md')).map((n) => `docs/${n}`)];
const others: string[] = [];
await markdownFiles('node_modules', others);
const index = new HybridIndex(0);
let chunks = 0;
for (const path of [...own, ...others]) {
  if (chunks >= TARGET) break;
  const doc = parseMarkdown(await readFile(path, 'utf8'), path);
  const drafts = chunkDoc(doc);
  index.setSource(path, drafts.map((c, i) => ({ id: `${path}:${i}`, source_id: path, title: doc.title, url: `https://kb.example/${path}`, question: null, headings: c.headings, text: c.text, vector: new Float32Array(0) })));
  chunks += drafts.length;
}
await Promise.all([loadDictionary('de'), loadDictionary('es'), loadDictionary('fr')]);
const answerer = createOfflineAnswerer();
const c = { answerable: 0, unanswerable: 0, answered: 0, wrong: 0, useful: 0, refused: 0 };
for (const d of DEV_QUESTIONS) {
  const passages = index.search(d.q, null, { limit: 6 });
  const search = async (q: string) => index.search(q, null, { limit: 6 });
  const { output } = await answerer.analyseProbed({ projectId: 'dev', question: d.q, history: [], passages, search, tools: [], onDelta: () => {} });
  const cites = output.sources.some((s) => d.pages.some((p) => s.url?.split('#')[0] === `https://kb.example/${p}`));
  if (d.pages.length) {
    c.answerable++;
    if (output.outcome === 'answer' && cites) c.answered++;
    if (output.outcome === 'answer' && !cites) c.wrong++;
    if (process.argv.includes('--verbose') && output.outcome === 'answer' && !cites) console.log('WRONG', d.q, '→', output.sources[0]?.url, passages[0]?.headings.join(' › '));
    if (cites) c.useful++;
  } else {
    c.unanswerable++;
    if (output.outcome !== 'answer') c.refused++;
  }
}
const f = (x: number) => x.toFixed(3);
console.log(`chunks=${index.size} answer_rate=${f(c.answered / c.answerable)} wrong_answer_rate=${f(c.wrong / c.answerable)} useful_rate=${f(c.useful / c.answerable)} refusal_rate=${f(c.refused / c.unanswerable)}`);
