// What a visitor may see of a conversation (spec 2.6): internal comments by the team, conversation
// summaries and system notes marked `internal` (status changes, assignment) never leave the server
// toward the widget — not live, not on resume, not in any history. One predicate, used on every path.
import type { Conversation, Message } from './schemas/entities.js';

export const INTERNAL_LABEL = 'internal';

export function visibleToVisitor(m: Pick<Message, 'type' | 'labels'>): boolean {
  if (m.type === 'comment' || m.type === 'summary' || m.type === 'handover') return false;
  return !(m.type === 'note' && m.labels.includes(INTERNAL_LABEL));
}

/** A message as the visitor's widget receives it: the guidance trace of an AI reply stays internal. */
export function messageForVisitor(m: Message): Message {
  if (!m.guidance) return m;
  const { guidance: _trace, ...visible } = m;
  return visible;
}

/** The conversation as the visitor's widget receives it: the team's labels, tags, topic, assignee and snooze stay internal. */
export function conversationForVisitor(c: Conversation): Conversation {
  // Copied, then overwritten: the same object as `{ ...c, labels: [], … }` (keys in c's order, a
  // missing snoozed_until last), which on Node 20 takes the slow path of a spread followed by new
  // properties, about a microsecond each (docs/architecture.md), on every message's ack.
  const visible = Object.assign({}, c);
  visible.labels = [];
  visible.tags = [];
  visible.topic = null;
  visible.assignee_id = null;
  visible.snoozed_until = null;
  return visible;
}
