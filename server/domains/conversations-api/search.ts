// Full-text search of the conversation list (`q`, docs/api.md): a conversation matches when one of
// its messages or internal notes contains the text, ignoring case and accents ("resume" finds
// "Résumé"). A plain substring scan over the embedded store's records: each record's folded text is
// computed once and cached on the (never mutated, server/store/types.ts) record object, so repeated
// searches and the live view counts cost one `includes` per conversation.
import type { ConversationRecord } from '../../../shared/schemas/entities.js';

/** Lower case without diacritics (NFD, combining marks dropped), so "É" and "e" compare equal. */
export const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const folded = new WeakMap<ConversationRecord, string>();

function searchableText(c: ConversationRecord): string {
  let text = folded.get(c);
  if (text === undefined) {
    // The team's words and the visitor's, not system notes ("… joined") that every conversation shares.
    text = fold(c.messages.filter((m) => m.type === 'message' || m.type === 'comment').map((m) => m.content).join('\n'));
    folded.set(c, text);
  }
  return text;
}

/** The match test for `q` (blank or absent: everything matches). */
export function textMatcher(q: string | undefined): (c: ConversationRecord) => boolean {
  const needle = q ? fold(q.trim()) : '';
  if (!needle) return () => true;
  return (c) => searchableText(c).includes(needle);
}
