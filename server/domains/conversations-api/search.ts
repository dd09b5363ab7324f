// Full-text search of the conversation list (`q`, docs/api.md): a conversation matches when one of
// its messages or internal notes contains the text, ignoring case and accents ("resume" finds
// "Résumé"). A plain substring scan over the embedded store's records: each record's folded text is
// computed once and cached on the (never mutated, server/store/types.ts) record object, so repeated
// searches and the live view counts cost one `includes` per conversation.
import type { ConversationRecord } from '../../../shared/schemas/entities.js';

/** Lower case without diacritics (NFD, combining marks dropped), so "É" and "e" compare equal. */
export const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const folded = new WeakMap<ConversationRecord, string>();

/**
 * What `q` searches: the team's words and the visitor's, not system notes ("… joined") that every
 * conversation shares. The store keeps it as the conversations' search text (server/store/collections.ts).
 */
export const conversationSearchText = (c: ConversationRecord) =>
  fold(c.messages.filter((m) => m.type === 'message' || m.type === 'comment').map((m) => m.content).join('\n'));

function searchableText(c: ConversationRecord): string {
  let text = folded.get(c);
  if (text === undefined) {
    text = conversationSearchText(c);
    folded.set(c, text);
  }
  return text;
}

/** `q` as a store text query (blank: none). */
export const searchNeedle = (q: string | undefined) => (q ? fold(q.trim()) : '') || undefined;

/** The match test for `q` (blank or absent: everything matches). */
export function textMatcher(q: string | undefined): (c: ConversationRecord) => boolean {
  const needle = q ? fold(q.trim()) : '';
  if (!needle) return () => true;
  return (c) => searchableText(c).includes(needle);
}
