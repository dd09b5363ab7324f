// One topic pass over a project's unassigned conversations (docs/operators.md "Topics"): each joins
// the nearest known topic, and what is left may form new topics. Pure: the service (service.ts)
// reads and writes the store around it, and the evaluation (`npm run eval:topics`) runs it as is.
import { centroidOf, discover, idfOf, nameOf, nearest, weigh, DEFAULT_SETTINGS, type Centroid, type Settings, type Vector } from './cluster.js';
import { textTerms } from './terms.js';

export interface TopicDoc {
  id: string;
  text: string;
}

export interface KnownTopic {
  id: string;
  centroid: Centroid;
}

export interface NewTopic {
  name: string;
  centroid: Centroid;
  members: string[];
}

export interface PassResult {
  /** Document id → known topic id. */
  assigned: Map<string, string>;
  created: NewTopic[];
}

/**
 * `context` is every conversation text of the project the rarity of words is measured over
 * (at least `docs`); `docs` are the unassigned ones, oldest first.
 */
export function topicPass(docs: readonly TopicDoc[], known: readonly KnownTopic[], context: readonly string[], settings: Settings = DEFAULT_SETTINGS): PassResult {
  const terms = docs.map((d) => textTerms(d.text));
  const contextTerms = context.map((t) => textTerms(t).weights);
  const idf = idfOf(contextTerms.length ? contextTerms : terms.map((t) => t.weights));
  const unseen = Math.log(1 + Math.max(1, contextTerms.length));
  const vectors: Vector[] = terms.map((t) => weigh(t.weights, idf, unseen));
  const surface = new Map<string, string>();
  for (const t of terms) for (const [stem, word] of t.surface) if (!surface.has(stem)) surface.set(stem, word);

  const assigned = new Map<string, string>();
  const left: number[] = [];
  const centroids = known.map((k) => k.centroid);
  vectors.forEach((v, i) => {
    const at = v.size ? nearest(v, centroids, settings.assignSimilarity) : -1;
    if (at >= 0) assigned.set(docs[i]!.id, known[at]!.id);
    else left.push(i);
  });

  const created = discover(left.map((i) => vectors[i]!), settings).map((group) => {
    const members = group.map((g) => left[g]!);
    const centroid = centroidOf(members.map((i) => vectors[i]!));
    return { name: nameOf(centroid, idf, surface), centroid, members: members.map((i) => docs[i]!.id) };
  });
  return { assigned, created };
}
