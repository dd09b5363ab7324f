// Who holds a conversation, apart from its status (docs/operators.md "Handover"): the AI, the queue
// (waiting for a person; the AI is quiet) or a person of the team. Read the same way by the server's
// handover machine, the widget and the console. Conversations stored before `holder` existed, or
// muted by a bare `operator_active` write, are read from `operator_active` and the assignee.
import type { Conversation } from './schemas/entities.js';

export type Holder = 'ai' | 'queue' | 'operator';

export function holderOf(c: Pick<Conversation, 'operator_active' | 'assignee_id' | 'holder'>): Holder {
  if (!c.operator_active) return 'ai';
  if (c.holder === 'queue' || c.holder === 'operator') return c.holder;
  return c.assignee_id ? 'operator' : 'queue';
}

/**
 * Waiting for a person ("Waiting for a human" in the console): escalated, and no person holds it.
 * That is the queue (the visitor asked; the AI is quiet), and also a conversation escalated while the
 * AI still holds it (escalate_to_human, spec 2.9, or a status set by hand): the AI goes on answering
 * there, but it needs someone of the team all the same, so it must not drop out of the team's queue.
 */
export const waitingForHuman = (c: Pick<Conversation, 'status' | 'operator_active' | 'assignee_id' | 'holder' | 'hidden'>) =>
  !c.hidden && c.status === 'escalated' && holderOf(c) !== 'operator';
