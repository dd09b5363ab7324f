// Topics (spec 1.7, 2.5, 10; docs/operators.md "Topics"): every conversation with a visitor question
// is given a topic offline. A pass (pipeline.ts) joins the unassigned conversations to the nearest
// topic and makes new topics of what is left; a topic's name becomes the conversation's `topic`
// field, so the inbox and API filters, the metrics filter and the exports all use it as they are.
// A `topic` an operator typed is never overwritten: only conversations without one are assigned.
// Renaming a topic renames it on its conversations; merging moves them to the other topic.
// Passes run every PASS_MS and on request (POST …/topics/refresh), one at a time per project across
// instances (a job claim), so two instances never make the same topic twice.
import type { ParleyStore } from '../../store/index.js';
import type { ConversationRecord } from '../../../shared/schemas/entities.js';
import type { JobClaims } from '../../jobs/claims.js';
import { exclusively } from '../../jobs/claims.js';
import { asksForHuman } from '../agent/human-request.js';
import { newId, now } from '../../lib/ids.js';
import { conflict, notFound } from '../../errors.js';
import { topicPass, type KnownTopic, type TopicDoc } from './pipeline.js';
import { prepareLanguages } from './terms.js';
import type { Centroid } from './cluster.js';
import type { RefreshResult, Topic } from './schemas.js';

const DAY = 86_400_000;
/** Visitor messages a conversation is read by: its opening says what it is about. */
const OPENING_MESSAGES = 3;
/** Conversations one pass handles, and the latest ones word rarity is measured over. */
const PASS_LIMIT = 2000;
/** Words kept of a topic's centroid: enough to place a new conversation, small to store. */
const CENTROID_TERMS = 300;
const TERMS_SHOWN = 8;

export interface StoredTopic {
  id: string;
  project_id: string;
  name: string;
  auto_name: string;
  centroid: Record<string, number>;
  norm2: number;
  created_at: string;
  updated_at: string;
}

interface PassMark {
  id: string;
  project_id: string;
  refreshed_at: string;
}

export interface TopicDeps {
  store: ParleyStore;
  conversations: {
    list(projectId: string): Promise<ConversationRecord[]>;
    patch(projectId: string, conversationId: string, patch: { topic: string | null }): Promise<unknown>;
  };
  claims: JobClaims;
  clock?: () => Date;
}

/** The visitor's opening questions, or '' when the conversation has none to file (hidden, spam, simulated, only "a person please"). */
export function openingText(c: ConversationRecord): string {
  if (c.hidden || c.spam || c.simulation) return '';
  return c.messages
    .filter((m) => m.role === 'user' && m.type === 'message' && !asksForHuman(m.content))
    .slice(0, OPENING_MESSAGES)
    .map((m) => m.content)
    .join('\n')
    .trim();
}

const toCentroid = (t: StoredTopic): Centroid => ({ sum: new Map(Object.entries(t.centroid)), norm2: t.norm2 });

function fromCentroid(c: Centroid): { centroid: Record<string, number>; norm2: number } {
  const kept = [...c.sum.entries()].sort((a, b) => b[1] - a[1]).slice(0, CENTROID_TERMS);
  return { centroid: Object.fromEntries(kept), norm2: kept.reduce((s, [, x]) => s + x * x, 0) };
}

export function createTopicService(deps: TopicDeps) {
  const topics = deps.store.collection('topics');
  const marks = deps.store.collection('topic_passes');
  const clock = deps.clock ?? (() => new Date());
  const stored = async (projectId: string) => (await topics.list(projectId)) as StoredTopic[];

  async function pass(projectId: string): Promise<RefreshResult> {
    const all = (await deps.conversations.list(projectId)).sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
    const withText = all.map((c) => ({ c, text: openingText(c) })).filter((x) => x.text);
    const docs: TopicDoc[] = withText.filter((x) => x.c.topic === null).slice(0, PASS_LIMIT).map((x) => ({ id: x.c.id, text: x.text }));
    const context = withText.slice(-PASS_LIMIT).map((x) => x.text);
    const known = await stored(projectId);
    await prepareLanguages(docs.map((d) => d.text));
    const result = topicPass(docs, known.map((t): KnownTopic => ({ id: t.id, centroid: toCentroid(t) })), context);

    const names = new Map(known.map((t) => [t.id, t.name]));
    const taken = new Set(known.map((t) => t.name.toLowerCase()));
    const at = now();
    for (const created of result.created) {
      let name = created.name;
      for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${created.name} (${n})`;
      taken.add(name.toLowerCase());
      const topic: StoredTopic = { id: newId(), project_id: projectId, name, auto_name: name, ...fromCentroid(created.centroid), created_at: at, updated_at: at };
      await topics.put(projectId, topic);
      names.set(topic.id, name);
      for (const id of created.members) result.assigned.set(id, topic.id);
    }
    for (const [conversationId, topicId] of result.assigned) {
      await deps.conversations.patch(projectId, conversationId, { topic: names.get(topicId)! }).catch(() => undefined); // deleted meanwhile
    }
    await marks.put(projectId, { id: projectId, project_id: projectId, refreshed_at: at } satisfies PassMark);
    const createdConversations = result.created.reduce((s, t) => s + t.members.length, 0);
    return { assigned: result.assigned.size - createdConversations, created: result.created.length, created_conversations: createdConversations };
  }

  const exclusive = <T>(projectId: string, fn: () => Promise<T>) => exclusively(deps.claims, `topics:${projectId}`, 60_000, fn);

  async function findTopic(projectId: string, topicId: string): Promise<StoredTopic> {
    const topic = (await topics.get(projectId, topicId)) as StoredTopic | undefined;
    if (!topic) throw notFound('topic');
    return topic;
  }

  async function retitle(projectId: string, from: string, to: string): Promise<void> {
    for (const c of await deps.conversations.list(projectId)) {
      if (c.topic === from) await deps.conversations.patch(projectId, c.id, { topic: to }).catch(() => undefined);
    }
  }

  return {
    refresh: (projectId: string) => exclusive(projectId, () => pass(projectId)),

    async list(projectId: string): Promise<{ data: Topic[]; unassigned: number; refreshed_at: string | null }> {
      const at = clock().getTime();
      const all = await deps.conversations.list(projectId);
      const counts = new Map<string, { total: number; last: number; prev: number }>();
      let unassigned = 0;
      for (const c of all) {
        if (c.topic === null) {
          if (openingText(c)) unassigned++;
          continue;
        }
        const n = counts.get(c.topic) ?? { total: 0, last: 0, prev: 0 };
        n.total++;
        const age = at - Date.parse(c.created_at);
        if (age < 7 * DAY) n.last++;
        else if (age < 14 * DAY) n.prev++;
        counts.set(c.topic, n);
      }
      const data = (await stored(projectId)).map((t): Topic => {
        const n = counts.get(t.name) ?? { total: 0, last: 0, prev: 0 };
        return {
          id: t.id,
          name: t.name,
          auto_name: t.auto_name,
          conversations: { total: n.total, last_7_days: n.last, previous_7_days: n.prev, direction: n.last > n.prev ? 'rising' : n.last < n.prev ? 'falling' : 'steady' },
          terms: Object.entries(t.centroid).sort((a, b) => b[1] - a[1]).slice(0, TERMS_SHOWN).map(([term]) => term),
          created_at: t.created_at,
          updated_at: t.updated_at,
        };
      });
      data.sort((a, b) => b.conversations.total - a.conversations.total || a.name.localeCompare(b.name));
      const mark = (await marks.get(projectId, projectId)) as PassMark | undefined;
      return { data, unassigned, refreshed_at: mark?.refreshed_at ?? null };
    },

    rename: (projectId: string, topicId: string, name: string) =>
      exclusive(projectId, async () => {
        const topic = await findTopic(projectId, topicId);
        const clean = name.trim().replace(/\s+/g, ' ');
        const other = (await stored(projectId)).find((t) => t.id !== topicId && t.name.toLowerCase() === clean.toLowerCase());
        if (other) throw conflict(`Another topic is called "${other.name}"; merge the two instead (POST …/topics/${topicId}/merge).`);
        await topics.put(projectId, { ...topic, name: clean, updated_at: now() });
        await retitle(projectId, topic.name, clean);
        return topicId;
      }),

    merge: (projectId: string, topicId: string, into: string) =>
      exclusive(projectId, async () => {
        if (topicId === into) throw conflict('A topic cannot be merged into itself.');
        const [from, to] = [await findTopic(projectId, topicId), await findTopic(projectId, into)];
        const sum = new Map(Object.entries(to.centroid));
        for (const [t, x] of Object.entries(from.centroid)) sum.set(t, (sum.get(t) ?? 0) + x);
        let norm2 = 0;
        for (const x of sum.values()) norm2 += x * x;
        await topics.put(projectId, { ...to, ...fromCentroid({ sum, norm2 }), updated_at: now() });
        await retitle(projectId, from.name, to.name);
        await topics.delete(projectId, topicId);
        return into;
      }),

    /** A pass over every project with conversations (the timer's work). */
    async refreshAll(projectIds: readonly string[]): Promise<void> {
      for (const projectId of projectIds) await exclusive(projectId, () => pass(projectId));
    },
  };
}

export type TopicService = ReturnType<typeof createTopicService>;
