// Snooze (docs/operators.md "Snooze"): a team member puts a conversation aside until
// a time. It is a field beside the status, not a status of its own: spec 2.5's data model keeps its
// four statuses (and the metrics theirs), and who holds the conversation (handover.ts) does not
// change, so a snoozed conversation the AI holds still gets AI answers. It leaves the open list
// (list filter `snoozed=false`) and wakes — the field cleared, an internal note, conversation.updated
// on the team feed — when the time passes (the lifecycle sweep, lifecycle.ts, not a timer per
// conversation) or when the visitor writes.
import type { AppContext } from '../../context.js';
import type { ConversationRecord, MessageAuthor } from '../../../shared/schemas/entities.js';
import type { NewMessage } from '../conversations/service.js';
import { INTERNAL_LABEL } from '../../../shared/visibility.js';
import { clock } from '../../lib/clock.js';
import { invalid } from '../../errors.js';

/** A snooze ends within a year: further than that is a typo, or a conversation to resolve. */
export const MAX_SNOOZE_MS = 366 * 24 * 3_600_000;

export type WakeReason = 'time' | 'visitor' | 'by_hand';

const WHY: Record<WakeReason, string> = { time: 'the snooze time passed', visitor: 'the visitor wrote', by_hand: 'woken by hand' };

const teamNote = (content: string, labels: string[], actor?: MessageAuthor): NewMessage => ({
  role: 'assistant',
  type: 'note',
  content,
  labels: [...labels, INTERNAL_LABEL],
  ...(actor?.member_id ? { author: actor } : {}),
});

export const isSnoozed = (c: Pick<ConversationRecord, 'snoozed_until'>): boolean => Boolean(c.snoozed_until);

/** Whether `c`'s snooze has run out at `nowMs`. */
export const snoozeDue = (c: ConversationRecord, nowMs: number): boolean => Boolean(c.snoozed_until) && !c.hidden && Date.parse(c.snoozed_until!) <= nowMs;

export function createSnooze(ctx: AppContext) {
  const { conversations } = ctx.services;
  return {
    /** Puts `record` aside until `until` (ISO time): only an open conversation, and only into the future. */
    async snooze(record: ConversationRecord, until: string, actor: MessageAuthor): Promise<ConversationRecord> {
      const at = Date.parse(until);
      const nowMs = clock.now();
      if (!(at > nowMs)) throw invalid('snoozed_until must be in the future', [{ path: 'snoozed_until', message: 'is not in the future' }]);
      if (at - nowMs > MAX_SNOOZE_MS) throw invalid('snoozed_until must be within a year', [{ path: 'snoozed_until', message: 'is more than a year ahead' }]);
      if (record.status === 'resolved' || record.status === 'abandoned') {
        throw invalid('Only an open conversation can be snoozed (this one is closed)', [{ path: 'snoozed_until', message: `the conversation is ${record.status}` }]);
      }
      const iso = new Date(at).toISOString();
      const result = await conversations.apply(record.project_id, record.id, (r) =>
        r.snoozed_until === iso ? null : { set: { snoozed_until: iso }, messages: [teamNote(`Snoozed until ${iso}${actor.member_id ? ` by ${actor.name}` : ''}.`, ['snooze'], actor)] },
      );
      return result?.record ?? record;
    },

    /** Back to the open list. Idempotent: a conversation that is not snoozed is left alone (null). */
    async wake(record: ConversationRecord, reason: WakeReason, actor?: MessageAuthor): Promise<ConversationRecord | null> {
      if (!record.snoozed_until) return null;
      const result = await conversations.apply(record.project_id, record.id, (r) =>
        r.snoozed_until ? { set: { snoozed_until: null }, messages: [teamNote(`Snooze ended: ${WHY[reason]}.`, ['snooze', 'snooze_woke', `woke:${reason}`], actor)] } : null,
      );
      return result?.record ?? null;
    },
  };
}

export type Snooze = ReturnType<typeof createSnooze>;
