// `npm run eval`: answer quality on documentation Parley never saw (docs/eval.md). A fresh app on a
// temp dir listens on 127.0.0.1; each Debian documentation set (eval/sets/*.ts) is published by a
// local static server and imported through a web_crawler data provider synced over /v1, into a
// project of its own; then every question is asked with POST …/conversations + …/generate (the
// default offline answerer) and scored by its citations (eval/scoring.ts). The fastify and pino
// Markdown sets (wiki provider) stay as extra lines outside the headline.
//   --verbose        one line per tuning question (held-out questions stay hidden)
//   --show-held-out  with --verbose, held-out questions too: never while tuning the answerer
//   --sets=a,b       only these sets (names as in the report)
//   --llm            answered by the OpenAI-compatible model of OPENAI_* (and EMBEDDINGS_*) instead
//                    (eval/llm.ts); the report's first line names the answerer, the headline ends
//                    with answerer=llm
// The last line covers the held-out questions of the four Debian sets:
// `hit3=… answer_rate=… wrong_answer_rate=… useful_rate=… refusal_rate=… en_answer_rate=… xx_answer_rate=… p50_ms=…`
import { cp, mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { createTestApp } from '../server/testing/test-app.js';
import { PERMISSIONS } from '../shared/permissions.js';
import { GIT } from './sets/git.js';
import { POSTGRESQL } from './sets/postgresql.js';
import { PYTHON } from './sets/python.js';
import { SQLITE } from './sets/sqlite.js';
import { KETTLE } from './sets/kettle.js';
import type { DocSet, Lang, SetQuestion, Split } from './sets/types.js';
import { HELD_OUT, QUESTIONS, type EvalQuestion } from './fastify-questions.js';
import { PINO_QUESTIONS } from './pino-questions.js';
import { publishedPages, startStaticSite } from './static-site.js';
import { parleyApi } from './parley-api.js';
import { AnswererError, answererFrom, type Answerer } from './llm.js';
import { addScore, emptyTally, headline, mergeTallies, scoreReply, tallyLine, topPages, type Score, type Tally } from './scoring.js';

const argv = process.argv.slice(2);
const verbose = argv.includes('--verbose');
const showHeldOut = argv.includes('--show-held-out');
const only = argv.find((a) => a.startsWith('--sets='))?.slice('--sets='.length).split(',');
const SYNC_TIMEOUT_MS = 8 * 60_000;

const CRAWLED: DocSet[] = [GIT, PYTHON, POSTGRESQL, SQLITE];
/** Crawled like the Debian sets, reported apart from the headline: the five-page shop where a short page went unanswered. */
const SMALL_SITES: DocSet[] = [KETTLE];
const require = createRequire(import.meta.url);
const docsOf = (pkg: string) => join(dirname(require.resolve(`${pkg}/package.json`)), 'docs');
const asSet = (questions: EvalQuestion[], split: Split, prefix: string): SetQuestion[] =>
  questions.map((q, i) => ({ id: `${prefix}-${i + 1}`, split, lang: 'en', question: q.question, pages: q.pages }));
/** The earlier Markdown sets, imported with the wiki provider: fastify was tuned on, pino was held out. */
const WIKI_SETS = [
  { name: 'fastify', docsDir: docsOf('fastify'), baseUrl: 'https://fastify.dev/docs/', questions: [...asSet(QUESTIONS, 'tune', 'fy'), ...asSet(HELD_OUT, 'held-out', 'fyh')] },
  { name: 'pino', docsDir: docsOf('pino'), baseUrl: 'https://github.com/pinojs/pino/blob/main/docs/', questions: asSet(PINO_QUESTIONS, 'held-out', 'pino') },
];

const crawled = [...CRAWLED, ...SMALL_SITES].filter((s) => !only || only.includes(s.name));
const wikis = WIKI_SETS.filter((s) => !only || only.includes(s.name));
let answerer: Answerer;
try {
  answerer = answererFrom(argv, process.env);
  await answerer.check();
} catch (err) {
  if (!(err instanceof AnswererError)) throw err;
  console.error(err.message);
  process.exit(1);
}
const missing = crawled.filter((s) => !existsSync(s.root));
if (missing.length > 0) {
  console.error(`Documentation not installed: ${missing.map((s) => s.root).join(', ')}. Run: sudo bash scripts/eval-deps.sh`);
  process.exit(1);
}

interface Result {
  set: string;
  q: SetQuestion;
  score: Score;
  ms: number;
  retrievedHit3: boolean;
  retrievedTop1: boolean;
}

console.log(answerer.header);
const t = await createTestApp({ logLevel: 'silent', ...answerer.overrides });
const site = await startStaticSite(await Promise.all(crawled.map(async (set) => ({ set, pages: await publishedPages(set) }))));
const started = Date.now();
try {
  const origin = await t.listen();
  const { services } = t.app.ctx;
  // Hundreds of calls a minute from one client: an enterprise agreement keeps the limiter out of the figures.
  await services.org.updateOrganization(t.demo.organization_id, { plan: 'enterprise', rate_limits: { per_minute: 1_000_000, per_day: 100_000_000 } });

  /** A project of its own per set, with a key (the demo project carries Parley's docs, which would blur the figures). */
  async function newProject(name: string) {
    const project = await services.projects.createProject({ organizationId: t.demo.organization_id, name: `${name} docs eval` });
    const { key } = await services.apiKeys.create(project.id, { name: 'eval', permissions: [...PERMISSIONS], environment: t.config.env });
    return { projectId: project.id, api: parleyApi(origin, key, project.id) };
  }

  async function ask(set: string, baseUrl: string, projectId: string, api: ReturnType<typeof parleyApi>, questions: SetQuestion[]): Promise<Result[]> {
    const results: Result[] = [];
    for (const q of questions) {
      const user = `eval-${q.id}`;
      const turns = [...(q.previous ?? []), q.question];
      const conv = await api.startConversation(user, turns[0]!);
      let last = await api.generate(conv.id);
      for (const turn of turns.slice(1)) {
        // /v1 has no call that adds a visitor's follow-up (the widget sends it over its socket), so
        // the follow-up is stored through the conversation service; generate still runs over HTTP.
        await services.conversations.append(projectId, conv.id, { role: 'user', content: turn });
        last = await api.generate(conv.id);
      }
      const score = scoreReply(last.reply, q.pages, baseUrl);
      // Retrieval's top 3 pages from the knowledge search API (its passages, several of one page
      // counting once); search has no conversation, so a follow-up goes with its earlier turns.
      const retrieved = q.pages.length > 0 ? topPages((await api.search(turns.join('\n'), 10)).map((p) => p.url), baseUrl, 3) : [];
      const result = { set, q, score, ms: last.ms, retrievedHit3: retrieved.some((p) => q.pages.includes(p)), retrievedTop1: q.pages.includes(retrieved[0] ?? '') };
      results.push(result);
      if (verbose && (q.split === 'tune' || showHeldOut)) printResult(result, last.reply.message.content);
    }
    return results;
  }

  const results: Result[] = [];
  for (const set of crawled) {
    const { projectId, api } = await newProject(set.name);
    const provider = await api.createCrawler(`${set.name} docs`, site.sitemapUrl(set), `/${set.name}/*`);
    const syncStart = Date.now();
    const job = await api.sync(provider.id, SYNC_TIMEOUT_MS);
    console.log(`${set.name}: crawled ${set.root} in ${((Date.now() - syncStart) / 1000).toFixed(1)} s: ${JSON.stringify(job.progress)}${job.failures.length ? `; failures: ${JSON.stringify(job.failures.slice(0, 3))}` : ''}`);
    results.push(...(await ask(set.name, site.baseUrl(set), projectId, api, set.questions)));
  }
  for (const set of wikis) {
    const { projectId, api } = await newProject(set.name);
    const folder = join(t.dataDir, 'imports', `${set.name}-docs`);
    await mkdir(folder, { recursive: true });
    await cp(set.docsDir, folder, { recursive: true });
    const provider = await api.createWiki(`${set.name} docs`, folder, set.baseUrl);
    const job = await api.sync(provider.id, SYNC_TIMEOUT_MS);
    console.log(`${set.name}: imported ${set.docsDir} (wiki): ${JSON.stringify(job.progress)}`);
    results.push(...(await ask(set.name, set.baseUrl, projectId, api, set.questions)));
  }
  report(results);
  console.error(`eval took ${((Date.now() - started) / 1000).toFixed(0)} s`);
} finally {
  await site.close();
  await t.close();
}

function printResult(r: Result, content: string) {
  const s = r.score;
  const verdict = s.answerable ? (s.answered ? 'ANSWER' : s.wrong ? 'WRONG ' : s.useful ? 'USEFUL' : 'MISS  ') : s.refused ? 'REFUSE' : 'BAD   ';
  console.log(`${verdict} ${r.q.id} ${r.q.lang} ${s.outcome} ${Math.round(r.ms)}ms ${r.q.previous ? `[after: ${r.q.previous.join(' / ')}] ` : ''}${r.q.question}`);
  console.log(`       want ${r.q.pages.join(' | ') || '(unanswerable)'}; cited ${s.cited.slice(0, 3).join(', ') || '-'}${r.retrievedHit3 || !s.answerable ? '' : ' (retrieval top 3 missed)'}`);
  if (verbose) console.log(`       > ${content.replace(/\s+/g, ' ').slice(0, 200)}`);
}

function tally(rows: Result[]): Tally {
  const t = emptyTally();
  for (const r of rows) addScore(t, r.score, { latencyMs: r.ms, retrievedHit3: r.retrievedHit3, retrievedTop1: r.retrievedTop1 });
  return t;
}

function report(results: Result[]) {
  const pick = (f: (r: Result) => boolean) => tally(results.filter(f));
  const isEn = (lang: Lang) => lang === 'en';
  const crawledNames = new Set(crawled.filter((s) => CRAWLED.includes(s)).map((s) => s.name));
  const perLanguage = new Set(crawled.map((s) => s.name));
  for (const set of [...crawled.map((s) => s.name), ...wikis.map((s) => s.name)]) {
    for (const split of ['tune', 'held-out'] as const) {
      const rows = results.filter((r) => r.set === set && r.q.split === split);
      if (rows.length === 0) continue;
      console.log(tallyLine(`${set} ${split}`, tally(rows)));
      if (!perLanguage.has(set)) continue;
      console.log(tallyLine(`${set} ${split} en`, tally(rows.filter((r) => isEn(r.q.lang)))));
      console.log(tallyLine(`${set} ${split} de/es/fr`, tally(rows.filter((r) => !isEn(r.q.lang)))));
    }
  }
  const main = results.filter((r) => crawledNames.has(r.set));
  console.log(tallyLine('all Debian sets tune', pick((r) => crawledNames.has(r.set) && r.q.split === 'tune')));
  const heldOut = main.filter((r) => r.q.split === 'held-out');
  const en = tally(heldOut.filter((r) => isEn(r.q.lang)));
  const xx = tally(heldOut.filter((r) => !isEn(r.q.lang)));
  console.log(tallyLine('all Debian sets held-out en', en));
  console.log(tallyLine('all Debian sets held-out de/es/fr', xx));
  // Each language apart too (a handful of questions each, so read them as counts, not rates).
  for (const lang of [...new Set(heldOut.map((r) => r.q.lang))].filter((l) => !isEn(l)).sort()) {
    console.log(tallyLine(`all Debian sets held-out ${lang}`, tally(heldOut.filter((r) => r.q.lang === lang))));
  }
  console.log(tallyLine('all Debian sets held-out', mergeTallies([en, xx])));
  console.log(headline(mergeTallies([en, xx]), en, xx) + answerer.headlineSuffix);
}
