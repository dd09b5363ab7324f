// Knowledge gaps (docs/knowledge.md "Knowledge gaps"): the visitor questions the AI could not answer
// confidently or that went to a person (collect.ts), grouped by what they ask (cluster.ts), and the
// two ways a group leaves the list: answered, by a snippet whose FAQ question is the visitors' own
// phrasing and whose alternative questions are all the group's other phrasings (so the index finds
// it by any of them), or dismissed. Either writes one mark naming the group's questions; a question
// asked again later is a new question, so a dismissed topic comes back if visitors keep asking.
import type { ParleyStore } from '../../../store/index.js';
import type { ConversationRecord } from '../../../../shared/schemas/entities.js';
import type { DataProvider, Snippet } from '../schemas.js';
import type { KnowledgeService } from '../service.js';
import { newId, now } from '../../../lib/ids.js';
import { invalid, notFound } from '../../../errors.js';
import { gapQuestions, type GapQuestion } from './collect.js';
import { groupQuestions, summarize, type GapSummary } from './cluster.js';
import { DEFAULT_GAP_DAYS, type AnswerBody, type Gap, type GapQuery } from './schemas.js';
import { MAX_ALTERNATIVES } from '../snippet-questions.js';

const DAY = 86_400_000;
/** The window a group is looked up in to answer or dismiss it (the longest a list may use). */
const LOOKUP_DAYS = 365;
/** Longest snippet question (api-schemas.ts). */
const MAX_QUESTION = 1000;

export interface GapDeps {
  store: ParleyStore;
  knowledge: Pick<KnowledgeService, 'listProviders' | 'createProvider' | 'createSnippet'>;
  conversations: { list(projectId: string): Promise<ConversationRecord[]>; get(projectId: string, id: string): Promise<ConversationRecord | undefined> };
  clock?: () => Date;
}

interface Mark {
  id: string;
  project_id: string;
  action: 'answered' | 'dismissed';
  message_ids: string[];
  question: string;
  snippet_id: string | null;
  created_at: string;
}

const toGap = ({ message_ids: _m, ...gap }: GapSummary): Gap => gap;

export function createGapService(deps: GapDeps) {
  const marks = deps.store.collection('knowledge_gap_marks');
  const clock = deps.clock ?? (() => new Date());

  async function questions(projectId: string, days: number): Promise<GapQuestion[]> {
    const since = new Date(clock().getTime() - days * DAY).toISOString();
    const done = new Set(((await marks.list(projectId)) as Mark[]).flatMap((m) => m.message_ids));
    return (await deps.conversations.list(projectId))
      .flatMap(gapQuestions)
      .filter((q) => q.created_at >= since && !done.has(q.message_id))
      .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.message_id.localeCompare(b.message_id));
  }

  /** The open groups, the most asked first (then the latest asked). */
  async function groups(projectId: string, days = DEFAULT_GAP_DAYS): Promise<GapSummary[]> {
    const at = clock();
    return groupQuestions(await questions(projectId, days))
      .map((g) => summarize(g, at))
      .sort((a, b) => b.count - a.count || b.last_seen_at.localeCompare(a.last_seen_at) || a.id.localeCompare(b.id));
  }

  /**
   * The open group a listed gap id names, over the longest window: listed over fewer days, a group
   * may have older questions too, which then come first and name it, so it is found by any question.
   */
  async function group(projectId: string, gapId: string): Promise<GapSummary> {
    const all = await groups(projectId, LOOKUP_DAYS);
    const found = all.find((g) => g.id === gapId) ?? all.find((g) => g.message_ids.includes(gapId));
    if (!found) throw notFound('knowledge gap');
    return found;
  }

  async function mark(projectId: string, action: Mark['action'], message_ids: string[], question: string, snippet_id: string | null) {
    await marks.put(projectId, { id: newId(), project_id: projectId, action, message_ids, question, snippet_id, created_at: now() } satisfies Mark);
  }

  /** The provider a new answer goes to: the one named, else the oldest manual one, else a new "FAQ". */
  async function providerFor(projectId: string, id: string | undefined): Promise<string> {
    if (id) return id;
    const all = (await deps.knowledge.listProviders(projectId, { limit: 100_000 })).data as DataProvider[];
    const manual = all.filter((p) => p.type === 'manual').sort((a, b) => a.id.localeCompare(b.id))[0];
    return manual?.id ?? (await deps.knowledge.createProvider(projectId, { type: 'manual', name: 'FAQ' })).id;
  }

  /**
   * Writes the snippet: the question first, the group's other phrasings as its alternatives. A visitor
   * message may be longer than a snippet question may be (api-schemas.ts): such a phrasing is left out.
   */
  async function answer(projectId: string, question: string, phrasings: string[], body: AnswerBody): Promise<Snippet> {
    const providerId = await providerFor(projectId, body.data_provider_id);
    return deps.knowledge.createSnippet(projectId, providerId, {
      question: question.slice(0, MAX_QUESTION),
      alternative_questions: phrasings.filter((p) => p !== question && p.length <= MAX_QUESTION).slice(0, MAX_ALTERNATIVES),
      content: body.content,
      ...(body.title ? { title: body.title } : {}),
    });
  }

  return {
    async list(projectId: string, q: GapQuery = {}): Promise<{ data: Gap[]; has_more: boolean }> {
      // The query schema bounds both, but a huge number ("1e999") can reach here as Infinity.
      const all = await groups(projectId, Number.isFinite(q.days) ? q.days! : DEFAULT_GAP_DAYS);
      const limit = Number.isFinite(q.limit) ? q.limit! : 20;
      let start = 0;
      if (q.starting_after) {
        const at = all.findIndex((g) => g.id === q.starting_after);
        start = at < 0 ? all.length : at + 1;
      }
      return { data: all.slice(start, start + limit).map(toGap), has_more: all.length > start + limit };
    },

    async dismiss(projectId: string, gapId: string): Promise<void> {
      const g = await group(projectId, gapId);
      await mark(projectId, 'dismissed', g.message_ids, g.question, null);
    },

    /** Answers a group with a snippet; the group leaves the list. */
    async answerGap(projectId: string, gapId: string, body: AnswerBody): Promise<Snippet> {
      const g = await group(projectId, gapId);
      const question = body.question?.trim() || g.question;
      const snippet = await answer(projectId, question, g.phrasings.map((p) => p.text), body);
      await mark(projectId, 'answered', g.message_ids, question, snippet.id);
      return snippet;
    },

    /**
     * Answers one visitor question of a conversation (the console's Save as snippet on a reply): the
     * question is the visitor's words unless the body says otherwise; the other phrasings of its
     * group, when it is in one, become alternatives, and the group leaves the list.
     */
    async answerQuestion(projectId: string, conversationId: string, messageId: string, body: AnswerBody): Promise<Snippet> {
      const record = await deps.conversations.get(projectId, conversationId);
      if (!record || record.hidden) throw notFound('conversation');
      const asked = record.messages.find((m) => m.id === messageId);
      if (!asked) throw notFound('message');
      if (asked.role !== 'user' || asked.type !== 'message') throw invalid('Only a visitor message is a question', [{ path: 'message_id', message: 'is not a visitor message' }]);
      const g = (await groups(projectId, LOOKUP_DAYS)).find((x) => x.message_ids.includes(messageId));
      const question = body.question?.trim() || asked.content.replace(/\s+/g, ' ').trim();
      const snippet = await answer(projectId, question, g?.phrasings.map((p) => p.text) ?? [], body);
      await mark(projectId, 'answered', [...new Set([messageId, ...(g?.message_ids ?? [])])], question, snippet.id);
      return snippet;
    },
  };
}

export type GapService = ReturnType<typeof createGapService>;
