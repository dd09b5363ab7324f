// What a person (or the AI outside the processor) writes into a conversation that came from a
// platform thread goes back to that thread (docs/channels.md "Out"): an operator's reply from the
// console or the API, the "joined" note of a take-over, an AI reply asked through `generate`. A
// listener on this instance's `message.created` events queues each such message in the outbox
// (sender.ts), keyed by the message's id, so a message the processor queued already is not queued
// twice, and the outbox sends it once and in order.
//
// The listener runs after the message is stored and acknowledged: a process that dies in between
// would lose the send. So `recover()`, run at every start, looks through the conversations of
// platform threads and queues every message for the requester of the last RECOVERY_MS that has no
// send yet; queuing is create-if-absent under a job claim, so this and a live listener on another
// instance never queue one message twice.
import type { ConversationEvent } from '../conversations/events.js';
import type { AppContext } from '../../context.js';
import type { ConversationRecord, Message } from '../../../shared/schemas/entities.js';
import { clock } from '../../lib/clock.js';
import { createKeyedLock } from './keyed-lock.js';
import { forRequester, queuedSend, threadOf, type StoredSend } from './records.js';
import { platformOf } from './registry.js';

/** As far back as the recovery pass looks: the sender itself gives a send up after about a day. */
export const RECOVERY_MS = 86_400_000;

export function createRelay(ctx: AppContext, enqueue: (sends: StoredSend[]) => Promise<void>, log: (message: string, err?: unknown) => void) {
  const inOrder = createKeyedLock();

  /** The sends of `messages` to the conversation's platform thread; none when it has no thread. */
  function sendsOf(c: ConversationRecord, messages: Message[]): StoredSend[] {
    const thread = c.channel_id && platformOf(c.channel_type) ? threadOf(c.channel_type, c.external_id) : null;
    if (!thread) return [];
    return messages.filter(forRequester).map((m) => queuedSend({ project_id: c.project_id, id: c.channel_id! }, 'reply', c.id, m.id, thread, m.content, m.created_at));
  }

  function onEvent(event: ConversationEvent): void {
    if (event.type !== 'message.created' || !forRequester(event.message)) return;
    // One conversation's messages are queued in the order they were stored.
    void inOrder(event.conversation_id, async () => {
      const c = await ctx.services.conversations.get(event.project_id, event.conversation_id);
      if (c) await enqueue(sendsOf(c, [event.message]));
    }).catch((err) => log(`channels: message ${event.message.id} not queued for its platform thread (the next start queues it)`, err));
  }

  return {
    start(): () => void {
      return ctx.bus.subscribeAll(onEvent);
    },

    /** Queues what a crash kept from being queued: recent messages for the requester without a send. */
    async recover(): Promise<void> {
      const since = new Date(clock.now() - RECOVERY_MS).toISOString();
      const links = await ctx.store.collection('channel_links').findBy('kind', 'thread');
      for (const link of links) {
        const c = await ctx.services.conversations.get(link.project_id, link.target_id);
        if (!c) continue;
        const sends = sendsOf(c, c.messages.filter((m) => m.created_at >= since));
        if (sends.length) await inOrder(c.id, () => enqueue(sends));
      }
    },
  };
}
