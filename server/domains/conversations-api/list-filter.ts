// The conversation list's filter: the spec 10 filters (query.ts, shared with the metrics) and the
// list's own: full-text `q`, a visitor's conversations (`user_id`) and the inbox's Waiting view.
import type { ConversationRecord } from '../../../shared/schemas/entities.js';
import type { InboxListQuery } from '../../../shared/schemas/inbox.js';
import { waitingForHuman } from '../../../shared/holder.js';
import type { Condition, Query } from '../../store/types.js';
import { conversationFilter } from './query.js';
import { searchNeedle, textMatcher } from './search.js';
import { statusesFor } from '../../../shared/statuses.js';

type Filters = Omit<InboxListQuery, 'limit' | 'starting_after' | 'ending_before'>;

export function listFilter(q: Filters): (c: ConversationRecord) => boolean {
  const { q: text, user_id, waiting, ...filters } = q;
  const base = conversationFilter(filters);
  const matches = textMatcher(text);
  return (c) =>
    base(c) &&
    (user_id === undefined || c.user_id === user_id) &&
    (waiting === undefined || waitingForHuman(c) === waiting) &&
    // Last: the only test that reads the messages.
    matches(c);
}

/**
 * The same filter as a store query (server/store/collections.ts declares the fields): the store
 * runs the fields it indexes and the text search; `filter` runs the rest (channel, ratings, labels,
 * tags, dates), which never reads the messages.
 */
export function listQuery(q: Filters): Query<ConversationRecord> {
  const { q: text, user_id, waiting, channel, rating, labels, tags, created_after, created_before, ...pushed } = q;
  const where: Record<string, Condition> = { hidden: false };
  if (pushed.status?.length) where.status = { in: pushed.status.flatMap(statusesFor) };
  if (pushed.involvement?.length) where.ai_involvement = { in: pushed.involvement };
  if (pushed.topic !== undefined) where.topic = pushed.topic;
  if (pushed.assignee_id !== undefined) where.assignee_id = pushed.assignee_id === 'none' ? null : pushed.assignee_id;
  if (pushed.operator_active !== undefined) where.operator_active = pushed.operator_active;
  if (pushed.snoozed !== undefined) where.snoozed = pushed.snoozed;
  if (user_id !== undefined) where.user_id = user_id;
  if (waiting !== undefined) where.waiting = waiting;
  const rest = { channel, rating, labels, tags, created_after, created_before };
  // Built even when unused: it rejects created_after later than created_before.
  const filter = conversationFilter(rest);
  const needed = Object.values(rest).some((v) => v !== undefined && (!Array.isArray(v) || v.length > 0));
  return { where, text: searchNeedle(text), ...(needed ? { filter } : {}) };
}
