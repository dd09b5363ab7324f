// The fitting half of eval/fit-decision.ts: a small L2-regularised logistic regression by gradient
// descent (ten features, a few hundred rows: no library needed), and the choice of the answer
// threshold on the same tuning rows.
export interface Row {
  id: string;
  lang: string;
  answerable: boolean;
  /** The best passage is on a right page. */
  right: boolean;
  rightInTop3: boolean;
  x: number[];
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));
const dot = (w: number[], x: number[]) => w.reduce((s, wi, i) => s + wi * (x[i] ?? 0), 0);

export function fit(rows: Row[], l2 = 0.01, steps = 20_000, rate = 0.5): number[] {
  const n = rows[0]?.x.length ?? 0;
  const w = new Array<number>(n).fill(0);
  for (let step = 0; step < steps; step++) {
    const grad = new Array<number>(n).fill(0);
    for (const r of rows) {
      const err = sigmoid(dot(w, r.x)) - (r.right ? 1 : 0);
      for (let i = 0; i < n; i++) grad[i] += err * r.x[i]!;
    }
    // The bias (feature 0) is not regularised.
    for (let i = 0; i < n; i++) w[i] -= rate * (grad[i] / rows.length + (i === 0 ? 0 : l2 * w[i]));
  }
  return w;
}

/** Budgets on the tuning questions, a little inside the targets (docs/eval.md). */
const MAX_WRONG = 0.04;
const MIN_REFUSAL = 0.88;
/**
 * Share of the answerable questions whose right page was among the suggestions that the plain
 * no-answer may cost (an unanswerable question gets the no-answer, not unrelated links).
 */
const MAX_USEFUL_LOSS = 0.05;

/**
 * `suggestAt`: the highest probability below `answerAt` under which the plain no-answer costs at
 * most MAX_USEFUL_LOSS of the answerable questions a right page among the suggestions.
 */
export function chooseSuggestAt(rows: Row[], w: number[], answerAt: number): { suggestAt: number; report: string } {
  const scored = rows.map((r) => ({ ...r, p: sigmoid(dot(w, r.x)) }));
  const answerable = scored.filter((r) => r.answerable);
  const not = scored.filter((r) => !r.answerable);
  const lost = (t: number) => answerable.filter((r) => r.p < t && r.rightInTop3).length / answerable.length;
  let best = 0.05;
  for (let t = 0.05; t < answerAt; t += 0.01) if (lost(t) <= MAX_USEFUL_LOSS) best = t;
  best = Math.round(best * 100) / 100;
  const plain = not.filter((r) => r.p < best).length / Math.max(1, not.length);
  return { suggestAt: best, report: `suggestAt=${best} plain_no_answer=${plain.toFixed(3)} useful_lost=${lost(best).toFixed(3)}` };
}

export function choose(rows: Row[], w: number[]): { answerAt: number; report: string } {
  const scored = rows.map((r) => ({ ...r, p: sigmoid(dot(w, r.x)) }));
  const answerable = scored.filter((r) => r.answerable);
  const not = scored.filter((r) => !r.answerable);
  const at = (t: number) => {
    const answered = answerable.filter((r) => r.p >= t && r.right).length / answerable.length;
    const wrong = answerable.filter((r) => r.p >= t && !r.right).length / answerable.length;
    const refusal = not.filter((r) => r.p < t).length / Math.max(1, not.length);
    const useful = answerable.filter((r) => (r.p >= t && r.right) || (r.p < t && r.rightInTop3)).length / answerable.length;
    return { answered, wrong, refusal, useful };
  };
  let best = 0.95;
  for (let t = 0.95; t >= 0.3; t -= 0.01) {
    const m = at(t);
    if (m.wrong <= MAX_WRONG && m.refusal >= MIN_REFUSAL) best = t;
  }
  best = Math.round(best * 100) / 100;
  const m = at(best);
  const top1 = answerable.filter((r) => r.right).length / answerable.length;
  const report = `rows=${rows.length} answerable=${answerable.length} top1=${top1.toFixed(3)} answerAt=${best} answered=${m.answered.toFixed(3)} wrong=${m.wrong.toFixed(3)} refusal=${m.refusal.toFixed(3)} useful<=${m.useful.toFixed(3)}`;
  return { answerAt: best, report };
}

/**
 * Leave one set out: fitted and thresholded on the other sets' tuning rows, scored on this set's.
 * A check that the model transfers to a knowledge base it was not fitted on (printed, not stored).
 */
export function leaveOneSetOut(rows: Row[], setOf: (r: Row) => string): string {
  const sets = [...new Set(rows.map(setOf))];
  let answered = 0;
  let wrong = 0;
  let refused = 0;
  let answerable = 0;
  let not = 0;
  for (const s of sets) {
    const train = rows.filter((r) => setOf(r) !== s);
    const w = fit(train);
    const { answerAt } = choose(train, w);
    for (const r of rows.filter((x) => setOf(x) === s)) {
      const yes = sigmoid(dot(w, r.x)) >= answerAt;
      if (r.answerable) {
        answerable++;
        if (yes && r.right) answered++;
        if (yes && !r.right) wrong++;
      } else {
        not++;
        if (!yes) refused++;
      }
    }
  }
  return `leave-one-set-out: answered=${(answered / answerable).toFixed(3)} wrong=${(wrong / answerable).toFixed(3)} refusal=${(refused / Math.max(1, not)).toFixed(3)}`;
}
