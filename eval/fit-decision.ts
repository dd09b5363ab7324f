// Fits the offline answerer's decision model (server/domains/agent/offline/decision-model.json,
// docs/knowledge.md "Answers") on the TUNING questions of the four Debian sets only: held-out
// questions are never read. Each set is imported as `npm run eval` does (eval/run.ts); every tuning
// question is searched as the runtime searches it, and the decision's features are paired with
// whether the best passage is on a right page (an unanswerable question's never is). A logistic
// regression over the features gives the weights; the answer threshold is the lowest probability
// whose answers stay within the wrong-answer and refusal budgets on these questions.
//   npx tsx eval/fit-decision.ts [--searched=/tmp/s.json]   (the file caches what retrieval returned)
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createTestApp } from '../server/testing/test-app.js';
import { PERMISSIONS } from '../shared/permissions.js';
import { GIT } from './sets/git.js';
import { POSTGRESQL } from './sets/postgresql.js';
import { PYTHON } from './sets/python.js';
import { SQLITE } from './sets/sqlite.js';
import { publishedPages, startStaticSite } from './static-site.js';
import { parleyApi } from './parley-api.js';
import { topPages } from './scoring.js';
import type { Passage } from '../server/domains/knowledge/types.js';
import { retrievalQuery } from '../server/domains/agent/query.js';
import { decide, DEFAULT_DECISION } from '../server/domains/agent/offline/decision.js';
import { NEUTRAL_STABILITY, stability } from '../server/domains/agent/offline/stability.js';
import type { Features } from '../server/domains/agent/offline/features.js';
import { fit, choose, chooseSuggestAt, leaveOneSetOut, type Row } from './fit-logistic.js';

/**
 * The signals fitted: of the features.ts computes, the six that transferred best when each set was
 * left out in turn, and stability (docs/eval.md "Decision changes"); the others get weight 0.
 */
const FITTED: (keyof Features)[] = ['bias', 'known', 'margin', 'strength', 'title', 'agreement', 'stability'];
const MODEL = new URL('../server/domains/agent/offline/decision-model.json', import.meta.url);
const cache = process.argv.find((a) => a.startsWith('--searched='))?.slice('--searched='.length);

/** A tuning question as searched: the features are computed from its passages when fitting. */
interface Searched extends Omit<Row, 'x'> {
  query: string;
  passages: Passage[];
  /** Measured as the runtime measures it (stability.ts), whether or not the decision would ask. */
  stability: number;
}

async function collect(): Promise<Searched[]> {
  const sets = [GIT, PYTHON, POSTGRESQL, SQLITE];
  const t = await createTestApp({ logLevel: 'silent' });
  const site = await startStaticSite(await Promise.all(sets.map(async (set) => ({ set, pages: await publishedPages(set) }))));
  const searched: Searched[] = [];
  try {
    const origin = await t.listen();
    const { services } = t.app.ctx;
    await services.org.updateOrganization(t.demo.organization_id, { plan: 'enterprise', rate_limits: { per_minute: 1_000_000, per_day: 100_000_000 } });
    for (const set of sets) {
      const project = await services.projects.createProject({ organizationId: t.demo.organization_id, name: `${set.name} docs fit` });
      const { key } = await services.apiKeys.create(project.id, { name: 'fit', permissions: [...PERMISSIONS], environment: t.config.env });
      const api = parleyApi(origin, key, project.id);
      const provider = await api.createCrawler(`${set.name} docs`, site.sitemapUrl(set), `/${set.name}/*`);
      await api.sync(provider.id, 8 * 60_000);
      for (const q of set.questions) {
        if (q.split !== 'tune') continue;
        const history = (q.previous ?? []).map((content) => ({ role: 'user' as const, content }));
        const query = retrievalQuery(q.question, history);
        const search = (text: string) => services.knowledge.search(project.id, text, { limit: 6 });
        const passages = await search(query);
        const top = topPages([passages[0]?.url], site.baseUrl(set), 1)[0];
        const suggested = topPages(passages.map((p) => p.url), site.baseUrl(set), 3);
        searched.push({ id: q.id, lang: q.lang, answerable: q.pages.length > 0, right: top !== undefined && q.pages.includes(top), rightInTop3: suggested.some((p) => q.pages.includes(p)), query, passages, stability: await stability(query, passages, search) });
      }
      console.error(`${set.name}: ${searched.length} questions`);
    }
  } finally {
    await site.close();
    await t.close();
  }
  return searched;
}

const searched: Searched[] = cache && existsSync(cache) ? JSON.parse(readFileSync(cache, 'utf8')) : await collect();
if (cache && !existsSync(cache)) writeFileSync(cache, JSON.stringify(searched));
const rows: Row[] = searched.flatMap(({ query, passages, stability: measured, ...q }) => {
  const d = decide(query, passages, DEFAULT_DECISION, measured);
  return d.features ? [{ ...q, x: FITTED.map((f) => (d.features as Features)[f]) }] : [];
});
if (cache) writeFileSync(`${cache}.rows.json`, JSON.stringify(rows));
const weights = fit(rows);
const { answerAt, report } = choose(rows, weights);
// Around suggestAt the runtime does not measure stability (decision.ts stabilityMatters): it
// decides with the neutral value unless the measure could move the answer across answerAt, so the
// suggestions threshold is chosen on the probabilities the runtime will see.
const at = FITTED.indexOf('stability');
const p = (x: number[]) => 1 / (1 + Math.exp(-x.reduce((z, xi, i) => z + xi * weights[i]!, 0)));
const asRuntime = rows.map((r) => {
  const low = p(r.x.map((v, i) => (i === at ? 0 : v)));
  const high = p(r.x.map((v, i) => (i === at ? 1 : v)));
  const measured = Math.min(low, high) < answerAt && answerAt <= Math.max(low, high);
  return measured ? r : { ...r, x: r.x.map((v, i) => (i === at ? NEUTRAL_STABILITY : v)) };
});
const suggest = chooseSuggestAt(asRuntime, weights, answerAt);
const previous = JSON.parse(readFileSync(MODEL, 'utf8'));
const model = { ...previous, note: 'Written by eval/fit-decision.ts on the tuning questions (docs/knowledge.md "Answers").', weights: Object.fromEntries(FITTED.map((f, i) => [f, Math.round(weights[i]! * 1000) / 1000])), answerAt, suggestAt: suggest.suggestAt };
writeFileSync(MODEL, `${JSON.stringify(model, null, 2)}\n`);
console.log(report);
console.log(suggest.report);
console.log(leaveOneSetOut(rows, (r) => r.id.split('-')[0]!));
