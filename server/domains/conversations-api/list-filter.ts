// The conversation list's filter: the spec 10 filters (query.ts, shared with the metrics) and the
// list's own: full-text `q`, a visitor's conversations (`user_id`) and the inbox's Waiting view.
import type { ConversationRecord } from '../../../shared/schemas/entities.js';
import type { InboxListQuery } from '../../../shared/schemas/inbox.js';
import { waitingForHuman } from '../../../shared/holder.js';
import { conversationFilter } from './query.js';
import { textMatcher } from './search.js';

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
