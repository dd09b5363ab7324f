// `npm run eval`: retrieval and answer quality on documentation sets Parley did not write, each
// imported through the wiki provider into its own project of a fresh app on a temp dir, then asked
// its questions through the real agent runtime (offline answerer). Prints per-question results with
// --verbose.
//   fastify (node_modules/fastify/docs, eval/fastify-questions.ts): the answerer was tuned on it, so
//     both its "tuning" and "held-out" halves are optimistic.
//   pino (node_modules/pino/docs, eval/pino-questions.ts): the truly held-out set; questions written
//     before the first run and nothing tuned afterwards (issue 6 follow-up).
//   hit@k        answerable questions whose expected page is among the top k retrieved passages
//   answer_rate  answerable questions answered (not refused)
//   refusal_rate unanswerable questions refused with offer_handoff
// The last line covers all questions of all sets: `hit1=… hit3=… answer_rate=… refusal_rate=…`.
import { cp, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { createTestApp } from '../server/testing/test-app.js';
import { HELD_OUT, QUESTIONS, type EvalQuestion } from './fastify-questions.js';
import { PINO_QUESTIONS } from './pino-questions.js';
import { createOfflineAnswerer } from '../server/domains/agent/offline/answerer.js';

const verbose = process.argv.includes('--verbose');
const require = createRequire(import.meta.url);
const docsOf = (pkg: string) => join(dirname(require.resolve(`${pkg}/package.json`)), 'docs');

interface DocSet {
  /** Short name, also the import folder and project name. */
  name: string;
  docsDir: string;
  /** Public link prefix given to the wiki provider; stripped again to compare pages. */
  baseUrl: string;
  /** Labelled question sets asked against this doc set. */
  sets: { label: string; questions: EvalQuestion[] }[];
}

const DOC_SETS: DocSet[] = [
  {
    name: 'fastify',
    docsDir: docsOf('fastify'),
    baseUrl: 'https://fastify.dev/docs/',
    sets: [
      { label: 'tuning set fastify', questions: QUESTIONS },
      { label: 'held-out fastify', questions: HELD_OUT },
    ],
  },
  {
    name: 'pino',
    docsDir: docsOf('pino'),
    baseUrl: 'https://github.com/pinojs/pino/blob/main/docs/',
    sets: [{ label: 'held-out pino', questions: PINO_QUESTIONS }],
  },
];

const counts = () => ({ hit1: 0, hit3: 0, answered: 0, refused: 0, answerable: 0, unanswerable: 0 });
type Counts = ReturnType<typeof counts>;
const f = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : 'n/a');

const t = await createTestApp({ logLevel: 'silent' });
try {
  const { knowledge, users, conversations, agent, projects } = t.app.ctx.services;

  /** A project of its own per doc set (the demo project carries Parley's docs, which would blur the figures). */
  async function importDocs(set: DocSet): Promise<string> {
    const project = await projects.createProject({ organizationId: t.demo.organization_id, name: `${set.name} docs eval` });
    // Copy the docs into an allowed import folder and sync a wiki provider from it.
    const folder = join(t.dataDir, 'imports', `${set.name}-docs`);
    await mkdir(folder, { recursive: true });
    await cp(set.docsDir, folder, { recursive: true });
    const provider = await knowledge.createProvider(project.id, { type: 'wiki', name: `${set.name} docs`, wiki: { folder_path: folder, base_url: set.baseUrl } });
    let job = await knowledge.startSync(project.id, provider.id);
    while (job.status === 'running') {
      await new Promise((r) => setTimeout(r, 100));
      job = await knowledge.getSyncJob(project.id, provider.id, job.id);
    }
    if (job.status !== 'succeeded') throw new Error(`${set.name} sync ${job.status}: ${JSON.stringify(job)}`);
    const sources = await knowledge.listSources(project.id, { limit: 100 });
    console.log(`${set.name}: imported ${sources.data.length} pages from ${set.docsDir}`);
    return project.id;
  }

  async function run(projectId: string, baseUrl: string, questions: EvalQuestion[]): Promise<Counts> {
    const page = (url: string | null) => (url ?? '').replace(baseUrl, '');
    const user = await users.create(projectId, {});
    const n = counts();
    for (const q of questions) {
      const passages = await knowledge.search(projectId, q.question, { limit: 6 });
      const pages = passages.map((p) => page(p.url));
      const conv = await conversations.create({ projectId, userId: user.id, firstMessage: { role: 'user', content: q.question } });
      const { message } = await agent.reply({ projectId, conversationId: conv.id });
      const refusedHere = Boolean(message?.offer_handoff);
      const said = message ? `\n     > ${message.content.replace(/\s+/g, ' ').slice(0, 240)}` : '';
      const why = () => {
        const { diagnostics: d } = createOfflineAnswerer().analyse({ projectId, question: q.question, history: [], passages, tools: [], onDelta: () => {} });
        return `confidence=${d.confidence.toFixed(2)} support=${d.support.toFixed(2)}`;
      };
      if (q.pages.length > 0) {
        n.answerable++;
        const rank = pages.findIndex((p) => q.pages.includes(p));
        if (rank === 0) n.hit1++;
        if (rank >= 0 && rank < 3) n.hit3++;
        if (!refusedHere) n.answered++;
        if (verbose) {
          console.log(`${rank >= 0 && rank < 3 ? 'HIT ' : 'MISS'} ${refusedHere ? 'REFUSED ' : 'answered'} ${q.question} (${why()})`);
          console.log(`     want ${q.pages.join(' | ')}; got ${pages.slice(0, 3).join(', ')}${refusedHere ? '' : said}`);
        }
      } else {
        n.unanswerable++;
        if (refusedHere) n.refused++;
        if (verbose) console.log(`${refusedHere ? 'OK  ' : 'BAD '} (unanswerable) ${q.question} (${why()})${refusedHere ? '' : said}`);
      }
    }
    return n;
  }

  const report = (label: string, n: Counts) =>
    console.log(
      `${label}: ${n.answerable} answerable, ${n.unanswerable} unanswerable; hit@1 ${n.hit1}/${n.answerable}, hit@3 ${n.hit3}/${n.answerable}, ` +
        `answered ${n.answered}/${n.answerable}, refused ${n.refused}/${n.unanswerable}; ` +
        `hit1=${f(n.hit1 / n.answerable)} hit3=${f(n.hit3 / n.answerable)} answer_rate=${f(n.answered / n.answerable)} refusal_rate=${f(n.refused / n.unanswerable)}`,
    );

  const results: { label: string; n: Counts }[] = [];
  for (const set of DOC_SETS) {
    const projectId = await importDocs(set);
    for (const { label, questions } of set.sets) {
      if (verbose) console.log(`--- ${label} ---`);
      results.push({ label, n: await run(projectId, set.baseUrl, questions) });
    }
  }
  for (const { label, n } of results) report(label, n);
  const all = counts();
  for (const { n } of results) for (const k of Object.keys(all) as (keyof Counts)[]) all[k] += n[k];
  report('all', all);
  console.log(
    `hit1=${f(all.hit1 / all.answerable)} hit3=${f(all.hit3 / all.answerable)} answer_rate=${f(all.answered / all.answerable)} refusal_rate=${f(all.refused / all.unanswerable)}`,
  );
} finally {
  await t.close();
}
