// Offline topic clustering (docs/operators.md "Topics"). Conversations are term vectors (terms.ts)
// weighted by inverse document frequency over the project's conversations, so words every
// conversation carries ("order", "please") say little, and compared by cosine. Written here rather
// than taken from a library: the clustering must keep existing topics stable (a renamed topic keeps
// its conversations and its name while new ones arrive), which batch k-means or HDBSCAN packages do
// not offer, and the vectors are a few sparse maps per project.
//
// - assign: a conversation joins the nearest existing topic at ASSIGN_SIMILARITY or above;
// - discover: what is left is grouped leader-first (oldest first, each joins the closest group at
//   CLUSTER_SIMILARITY or starts one), then every member moves to the group it is closest to once,
//   which undoes the first pass's order effects; a group too small to be a topic joins the group
//   whose centroid it is most like (at CLUSTER_SIMILARITY); a group of MIN_TOPIC_SIZE or more
//   becomes a topic.
//   Smaller groups wait: a later pass, with more conversations, may make them a topic.

export type Vector = Map<string, number>;

export interface Settings {
  clusterSimilarity: number;
  assignSimilarity: number;
  minTopicSize: number;
}

/** Chosen on the tuning half of the labelled questions (`npm run eval:topics`, docs/operators.md "Topics"). */
export const DEFAULT_SETTINGS: Settings = { clusterSimilarity: 0.2, assignSimilarity: 0.2, minTopicSize: 3 };

export function idfOf(docs: readonly Map<string, number>[]): Map<string, number> {
  const df = new Map<string, number>();
  for (const d of docs) for (const t of d.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  const n = docs.length;
  const idf = new Map<string, number>();
  for (const [t, c] of df) idf.set(t, Math.log(1 + n / c));
  return idf;
}

/** Unit-length tf-idf vector (a term unseen by `idf` weighs as a rare one). */
export function weigh(terms: Map<string, number>, idf: Map<string, number>, unseen: number): Vector {
  const v: Vector = new Map();
  let norm = 0;
  for (const [t, w] of terms) {
    const x = w * (idf.get(t) ?? unseen);
    v.set(t, x);
    norm += x * x;
  }
  norm = Math.sqrt(norm);
  if (norm > 0) for (const [t, x] of v) v.set(t, x / norm);
  return v;
}

/** Cosine of a unit vector with a centroid of unit vectors (sum, with its squared norm). */
export function similarity(v: Vector, centroid: Vector, norm2: number): number {
  if (norm2 <= 0) return 0;
  let dot = 0;
  for (const [t, x] of v) dot += x * (centroid.get(t) ?? 0);
  return dot / Math.sqrt(norm2);
}

export interface Centroid {
  sum: Vector;
  norm2: number;
}

export function centroidOf(vectors: readonly Vector[]): Centroid {
  const sum: Vector = new Map();
  for (const v of vectors) for (const [t, x] of v) sum.set(t, (sum.get(t) ?? 0) + x);
  let norm2 = 0;
  for (const x of sum.values()) norm2 += x * x;
  return { sum, norm2 };
}

/** The index of the nearest centroid at `threshold` or above, else -1. */
export function nearest(v: Vector, centroids: readonly Centroid[], threshold: number): number {
  let best = -1;
  let bestSim = threshold;
  centroids.forEach((c, i) => {
    const sim = similarity(v, c.sum, c.norm2);
    if (sim >= bestSim && (best === -1 || sim > bestSim)) [best, bestSim] = [i, sim];
  });
  return best;
}

/** Groups of indexes into `vectors` (given oldest first); only groups of minTopicSize or more. */
export function discover(vectors: readonly Vector[], settings: Settings = DEFAULT_SETTINGS): number[][] {
  const groups: { members: number[]; c: Centroid }[] = [];
  const add = (g: { members: number[]; c: Centroid }, i: number) => {
    g.members.push(i);
    for (const [t, x] of vectors[i]!) {
      const old = g.c.sum.get(t) ?? 0;
      g.c.norm2 += 2 * old * x + x * x;
      g.c.sum.set(t, old + x);
    }
  };
  vectors.forEach((v, i) => {
    if (v.size === 0) return;
    const at = nearest(v, groups.map((g) => g.c), settings.clusterSimilarity);
    if (at >= 0) add(groups[at]!, i);
    else {
      const g = { members: [] as number[], c: { sum: new Map(), norm2: 0 } as Centroid };
      add(g, i);
      groups.push(g);
    }
  });
  // One refinement pass against the first pass's centroids.
  const centroids = groups.map((g) => g.c);
  const refined = groups.map(() => ({ members: [] as number[], c: { sum: new Map(), norm2: 0 } as Centroid }));
  groups.forEach((g, gi) => {
    for (const i of g.members) {
      const at = nearest(vectors[i]!, centroids, settings.clusterSimilarity);
      add(refined[at >= 0 ? at : gi]!, i);
    }
  });
  // Groups too small to be a topic join the group they are most like, when alike enough: two pairs
  // of one question ("forgot my password", "reset my password") that the first pass kept apart.
  const live = refined.filter((g) => g.members.length > 0).sort((a, b) => b.members.length - a.members.length);
  for (const small of [...live].reverse()) {
    if (small.members.length >= settings.minTopicSize || small.members.length === 0) continue;
    let best: (typeof live)[number] | null = null;
    let bestSim = settings.clusterSimilarity;
    for (const other of live) {
      if (other === small || other.members.length === 0) continue;
      const sim = centroidSimilarity(small.c, other.c);
      if (sim >= bestSim) [best, bestSim] = [other, sim];
    }
    if (!best) continue;
    for (const i of small.members) add(best, i);
    small.members = [];
  }
  return live.filter((g) => g.members.length >= settings.minTopicSize).map((g) => g.members.sort((a, b) => a - b));
}

function centroidSimilarity(a: Centroid, b: Centroid): number {
  if (a.norm2 <= 0 || b.norm2 <= 0) return 0;
  const [small, large] = a.sum.size <= b.sum.size ? [a.sum, b.sum] : [b.sum, a.sum];
  let dot = 0;
  for (const [t, x] of small) dot += x * (large.get(t) ?? 0);
  return dot / Math.sqrt(a.norm2 * b.norm2);
}

/**
 * A topic's name: its two most telling words (weight in the topic times rarity across the
 * project), as visitors wrote them, e.g. "refund · money". The team may rename it.
 */
export function nameOf(c: Centroid, idf: Map<string, number>, surface: Map<string, string>, words = 2): string {
  const ranked = [...c.sum.entries()]
    .map(([t, x]) => [t, x * (idf.get(t) ?? 1)] as const)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const picked: string[] = [];
  for (const [t] of ranked) {
    const word = surface.get(t) ?? t;
    if (!picked.includes(word)) picked.push(word);
    if (picked.length === words) break;
  }
  return picked.join(' · ') || 'unnamed';
}
