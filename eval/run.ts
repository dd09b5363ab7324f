// `npm run eval`: retrieval and answer quality on a documentation set Parley did not write — the
// Markdown docs shipped in node_modules/fastify/docs — imported through the wiki provider into a
// fresh app on a temp dir, then asked the questions of eval/fastify-questions.ts through the real
// agent runtime (offline answerer). Prints per-question results with --verbose.
//   hit@k        answerable questions whose expected page is among the top k retrieved passages
//   answer_rate  answerable questions answered (not refused)
//   refusal_rate unanswerable questions refused with offer_handoff
import { cp, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { createTestApp } from '../server/testing/test-app.js';
import { HELD_OUT, QUESTIONS, type EvalQuestion } from './fastify-questions.js';
import { createOfflineAnswerer } from '../server/domains/agent/offline/answerer.js';

const verbose = process.argv.includes('--verbose');
const require = createRequire(import.meta.url);
const docsDir = join(dirname(require.resolve('fastify/package.json')), 'docs');
const BASE_URL = 'https://fastify.dev/docs/';

const t = await createTestApp({ logLevel: 'silent' });
try {
  const { knowledge, users, conversations, agent } = t.app.ctx.services;
  // A project of its own: the demo project carries Parley's own docs, which would blur the figures.
  const project = await t.app.ctx.services.projects.createProject({ organizationId: t.demo.organization_id, name: 'Fastify docs eval' });
  const projectId = project.id;

  // Import: copy the docs into an allowed import folder and sync a wiki provider from it.
  const folder = join(t.dataDir, 'imports', 'fastify-docs');
  await mkdir(folder, { recursive: true });
  await cp(docsDir, folder, { recursive: true });
  const provider = await knowledge.createProvider(projectId, { type: 'wiki', name: 'Fastify docs', wiki: { folder_path: folder, base_url: BASE_URL } });
  let job = await knowledge.startSync(projectId, provider.id);
  while (job.status === 'running') {
    await new Promise((r) => setTimeout(r, 100));
    job = await knowledge.getSyncJob(projectId, provider.id, job.id);
  }
  if (job.status !== 'succeeded') throw new Error(`sync ${job.status}: ${JSON.stringify(job)}`);
  const sources = await knowledge.listSources(projectId, { limit: 100 });
  console.log(`imported ${sources.data.length} pages from ${docsDir}`);

  const page = (url: string | null) => (url ?? '').replace(BASE_URL, '');
  const user = await users.create(projectId, {});
  const f = (x: number) => x.toFixed(3);

  async function run(set: EvalQuestion[]) {
    const n = { hit1: 0, hit3: 0, answered: 0, refused: 0, answerable: 0, unanswerable: 0 };
    for (const q of set) {
      const passages = await knowledge.search(projectId, q.question, { limit: 6 });
      const pages = passages.map((p) => page(p.url));
      const conv = await conversations.create({ projectId, userId: user.id, firstMessage: { role: 'user', content: q.question } });
      const { message } = await agent.reply({ projectId, conversationId: conv.id });
      const refusedHere = Boolean(message?.offer_handoff);
      const { diagnostics: d } = createOfflineAnswerer().analyse({ projectId, question: q.question, history: [], passages, tools: [], onDelta: () => {} });
      const why = `confidence=${d.confidence.toFixed(2)} support=${d.support.toFixed(2)}`;
      const said = message ? `\n     > ${message.content.replace(/\s+/g, ' ').slice(0, 240)}` : '';
      if (q.pages.length > 0) {
        n.answerable++;
        const rank = pages.findIndex((p) => q.pages.includes(p));
        if (rank === 0) n.hit1++;
        if (rank >= 0 && rank < 3) n.hit3++;
        if (!refusedHere) n.answered++;
        if (verbose) {
          console.log(`${rank >= 0 && rank < 3 ? 'HIT ' : 'MISS'} ${refusedHere ? 'REFUSED ' : 'answered'} ${q.question} (${why})`);
          console.log(`     want ${q.pages.join(' | ')}; got ${pages.slice(0, 3).join(', ')}${refusedHere ? '' : said}`);
        }
      } else {
        n.unanswerable++;
        if (refusedHere) n.refused++;
        if (verbose) console.log(`${refusedHere ? 'OK  ' : 'BAD '} (unanswerable) ${q.question} (${why})${refusedHere ? '' : said}`);
      }
    }
    return n;
  }
  type Counts = Awaited<ReturnType<typeof run>>;
  const report = (label: string, n: Counts) =>
    console.log(
      `${label}: ${n.answerable} answerable, ${n.unanswerable} unanswerable; hit@1 ${n.hit1}/${n.answerable}, hit@3 ${n.hit3}/${n.answerable}, ` +
        `answered ${n.answered}/${n.answerable}, refused ${n.refused}/${n.unanswerable}`,
    );

  const main = await run(QUESTIONS);
  const held = await run(HELD_OUT);
  report('tuning set', main);
  report('held-out set', held);
  const all = Object.fromEntries(Object.keys(main).map((k) => [k, main[k as keyof Counts] + held[k as keyof Counts]])) as Counts;
  report('all', all);
  console.log(
    `hit1=${f(all.hit1 / all.answerable)} hit3=${f(all.hit3 / all.answerable)} answer_rate=${f(all.answered / all.answerable)} refusal_rate=${f(all.refused / all.unanswerable)}`,
  );
} finally {
  await t.close();
}
