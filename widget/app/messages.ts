// Pure helpers over message lists, shared by the model and its tests.
import type { Message } from '../../shared/schemas/entities.js';

/** Union by id, ordered by seq: history, acks and live events may arrive in any order and twice. */
export function mergeMessages(current: Message[], incoming: Message[]): Message[] {
  if (!incoming.length) return current;
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

/** Messages the visitor has not seen: replies (assistant or operator) after the last read seq. */
export function unreadAfter(messages: Message[], readSeq: number): number {
  return messages.filter((m) => m.role !== 'user' && m.seq > readSeq && m.type === 'message').length;
}

/** Standard messages and system notes are shown; comments (internal) and summaries are not (spec 2.6). */
export const visible = (m: Message) => m.type === 'message' || m.type === 'note';
