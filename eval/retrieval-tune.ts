// `npx tsx eval/retrieval-tune.ts [--verbose] [--sets=git,sqlite]`: retrieval alone (the `hit3` of
// docs/eval.md) on the TUNING questions of the Debian sets, in seconds rather than minutes. Each
// set's published pages are parsed and chunked exactly as the crawler's sync does (parse-html.ts,
// chunker.ts, the local embedder) and put in one HybridIndex; every tuning question (a follow-up
// with its earlier turns in front, as the eval's search does) is searched with limit 10 and its
// first three distinct pages are compared with the right ones. Held-out questions are never asked.
// Parsed chunks are cached in the temp folder, keyed by the parser's source, so a run that only
// changes the index re-parses nothing.
import { createHash } from 'node:crypto';
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { parseHtml } from '../server/domains/knowledge/parse-html.js';
import { chunkDoc, contextText, type ChunkDraft } from '../server/domains/knowledge/chunker.js';
import { localEmbed } from '../server/domains/knowledge/embedder.js';
import { HybridIndex, VECTOR_WEIGHT } from '../server/domains/knowledge/hybrid-index.js';
import { loadDictionary } from '../server/domains/knowledge/analysis/dictionary.js';
import { prepareApertium, stopApertium } from '../server/domains/knowledge/analysis/apertium.js';
import { contentWords } from '../server/domains/knowledge/analysis/analyzer.js';
import { detectLanguage } from '../server/domains/knowledge/analysis/language.js';
import { GIT } from './sets/git.js';
import { POSTGRESQL } from './sets/postgresql.js';
import { PYTHON } from './sets/python.js';
import { SQLITE } from './sets/sqlite.js';
import type { DocSet } from './sets/types.js';
import { publishedPages } from './static-site.js';
import { topPages } from './scoring.js';

const argv = process.argv.slice(2);
const verbose = argv.includes('--verbose');
const only = argv.find((a) => a.startsWith('--sets='))?.slice('--sets='.length).split(',');
const sets = [GIT, PYTHON, POSTGRESQL, SQLITE].filter((s) => !only || only.includes(s.name));
const BASE = 'http://127.0.0.1/';

interface Page {
  path: string;
  title: string;
  chunks: ChunkDraft[];
}

async function parserKey(): Promise<string> {
  const h = createHash('sha256');
  for (const f of ['parse-html.ts', 'parse-markdown.ts', 'chunker.ts']) h.update(await readFile(join('server/domains/knowledge', f)));
  return h.digest('hex').slice(0, 16);
}

async function pagesOf(set: DocSet, key: string): Promise<Page[]> {
  const dir = join(tmpdir(), 'parley-retrieval-tune');
  const cache = join(dir, `${set.name}-${key}.json`);
  if (existsSync(cache)) return JSON.parse(await readFile(cache, 'utf8')) as Page[];
  const pages: Page[] = [];
  for (const path of await publishedPages(set)) {
    const html = (await readFile(join(set.root, path), 'utf8')).replace(/<link\s+rel="canonical"\s+href="file:[^"]*"\s*\/?>/gi, '');
    const parsed = parseHtml(html, `${BASE}${set.name}/${path}`);
    pages.push({ path, title: parsed.doc.title, chunks: chunkDoc(parsed.doc) });
  }
  await mkdir(dir, { recursive: true });
  await writeFile(cache, JSON.stringify(pages));
  return pages;
}

for (const l of ['de', 'es', 'fr', 'it'] as const) await loadDictionary(l);
const key = await parserKey();
const totals = new Map<string, [number, number]>();
const count = (group: string, hit: boolean) => {
  const t = totals.get(group) ?? [0, 0];
  t[0] += hit ? 1 : 0;
  t[1] += 1;
  totals.set(group, t);
};
for (const set of sets) {
  const pages = await pagesOf(set, key);
  const index = new HybridIndex(256, VECTOR_WEIGHT, true);
  let chunks = 0;
  for (const p of pages) {
    const url = `${BASE}${set.name}/${p.path}`;
    index.setSource(
      url,
      p.chunks.map((c, i) => ({ id: `${url}:${i}`, source_id: url, title: p.title, url: c.anchor ? `${url}#${c.anchor}` : url, question: null, headings: c.headings, text: c.text, vector: localEmbed(contextText(p.title, c.headings, c.text)) })),
    );
    chunks += p.chunks.length;
  }
  if (verbose) console.log(`${set.name}: ${pages.length} pages, ${chunks} chunks`);
  for (const q of set.questions) {
    if (q.split !== 'tune' || q.pages.length === 0) continue;
    const text = [...(q.previous ?? []), q.question].join('\n');
    const language = detectLanguage(text);
    if (language !== 'en' && !process.env.NO_APERTIUM) await prepareApertium(contentWords(text, language), language);
    const passages = index.search(text, localEmbed(text), { limit: 10 });
    const top = topPages(passages.map((p) => p.url), `${BASE}${set.name}/`, 3);
    const hit = top.some((p) => q.pages.includes(p));
    count(`${set.name} ${q.lang === 'en' ? 'en' : 'xx'}`, hit);
    count(`all ${q.lang === 'en' ? 'en' : 'xx'}`, hit);
    count(set.name, hit);
    count('all', hit);
    count('top1 all', q.pages.includes(top[0] ?? ''));
    if (verbose && !hit) {
      console.log(`MISS ${q.id} ${q.lang} ${text.replace(/\n/g, ' / ')}`);
      console.log(`     want ${q.pages.join(' | ')}; got ${top.join(', ')}`);
      const concepts = passages[0]?.relevance?.concepts?.map((c) => `${c.word}→${c.terms.join('/')}`).join(' ') ?? '';
      console.log(`     concepts ${concepts}`);
    }
  }
}
const fmt = ([h, n]: [number, number]) => `${(h / n).toFixed(3)} (${h}/${n})`;
for (const [group, t] of [...totals.entries()].sort()) console.log(`tune hit3 ${group.padEnd(10)} ${fmt(t)}`);
stopApertium();
