// `npx tsx server/domains/agent/testing/dev-eval.ts [--verbose]`: the dev questions (dev-set.ts)
// through the real app (demo knowledge, offline answerer, the runtime's generate path). Prints
// hit3 (retrieval), answer/wrong/useful/refusal rates, last line name=value.
import { createTestApp } from '../../../testing/test-app.js';
import { DEV_QUESTIONS } from './dev-set.js';

const verbose = process.argv.includes('--verbose');
const t = await createTestApp({ logLevel: 'silent' });
const { knowledge, users, conversations, agent } = t.app.ctx.services;
const project = t.demo.project_id;
const user = await users.create(project, {});
const pathOf = (url: string | null) => (url ? new URL(url).pathname.replace(/^\/docs\//, '').replace(/^\//, '') : '');
const c = { answerable: 0, unanswerable: 0, hit3: 0, answered: 0, wrong: 0, useful: 0, refused: 0, xx: 0, xxAnswered: 0 };
for (const d of DEV_QUESTIONS) {
  const right = (url: string | null) => d.pages.includes(pathOf(url));
  const top = await knowledge!.search(project, d.q, { limit: 6 });
  const pages = [...new Set(top.map((p) => pathOf(p.url)))].slice(0, 3);
  const conv = await conversations.create({ projectId: project, userId: user.id, firstMessage: { role: 'user', content: d.q } });
  const { message } = await agent.reply({ projectId: project, conversationId: conv.id });
  const outcome = message!.outcome ?? (message!.offer_handoff ? 'no_answer' : 'answer');
  const cites = message!.sources.some((s) => right(s.url));
  let verdict: string;
  if (d.pages.length) {
    c.answerable++;
    if (d.lang !== 'en') c.xx++;
    if (pages.some((p) => d.pages.includes(p))) c.hit3++;
    const ok = outcome === 'answer' && cites;
    if (ok) c.answered++;
    if (ok && d.lang !== 'en') c.xxAnswered++;
    if (outcome === 'answer' && !cites) c.wrong++;
    if (ok || (outcome === 'suggestions' && cites)) c.useful++;
    verdict = ok ? 'OK' : outcome === 'answer' ? 'WRONG' : cites ? 'SUGGEST' : 'MISS';
  } else {
    c.unanswerable++;
    if (outcome !== 'answer') c.refused++;
    verdict = outcome !== 'answer' ? 'REFUSE' : 'BAD';
  }
  if (verbose) console.log(`${verdict.padEnd(8)} ${d.lang} ${outcome.padEnd(11)} ${d.q} → ${message!.sources.map((s) => pathOf(s.url)).join(', ')}`);
}
const f = (x: number) => x.toFixed(3);
console.log(
  `hit3=${f(c.hit3 / c.answerable)} answer_rate=${f(c.answered / c.answerable)} wrong_answer_rate=${f(c.wrong / c.answerable)} useful_rate=${f(c.useful / c.answerable)} refusal_rate=${f(c.refused / c.unanswerable)} xx_answer_rate=${f(c.xxAnswered / c.xx)}`,
);
await t.close();
