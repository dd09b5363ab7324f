// Answers the stored inbound messages of platform channels (docs/channels.md) through the one agent
// pipeline the widget and the API use: the requester becomes a Parley user (its platform id stored
// on it, spec 2.4), the platform thread a conversation of the channel (channel_type = the platform,
// which audiences read as team chat, spec 2.8), the message is appended with the platform's event id
// as its client id (so processing it twice adds it once), the handover machine has its say, then
// `agent.reply` runs the channel's alias with guidance, audiences, triggers and handoff. What the
// conversation gained for the requester goes to the outbox (sender.ts), as does a hand-over notice.
// An event left `received` by a crash is processed on the next start.
//
// Several instances on one database each run a processor over the same events: an event is worked
// under a job claim on its id (server/jobs/claims.ts) and re-read once claimed, so each is answered
// once; a thread is worked under a claim on the thread, so two instances never answer one thread at
// the same time. An event whose instance died mid-answer is taken up by a poll every lease, once
// its claim lapsed.
import type { AppContext } from '../../context.js';
import type { Channel, ConversationRecord } from '../../../shared/schemas/entities.js';
import { newId, now } from '../../lib/ids.js';
import { exclusively, heartbeat } from '../../jobs/claims.js';
import { sharedState } from '../../jobs/shared.js';
import { operatorsOf } from '../operators/service.js';
import { forRequester, keyId, queuedSend, threadExternalId, type StoredInboundEvent, type StoredLink, type StoredSend } from './records.js';
import { platformOf } from './registry.js';
import { createKeyedLock } from './keyed-lock.js';
import type { OpenConnection, PlatformMessage } from './types.js';

/** Events answered at once; the agent's model calls overlap, the rest wait their turn. */
const CONCURRENCY = 4;

export interface ProcessorDeps {
  ctx: AppContext;
  enqueue(sends: StoredSend[]): Promise<void>;
  /** The channel's credentials in clear, for a platform that looks the thread up (resolveThread). */
  open(channel: Channel): OpenConnection;
  /** Where a team member opens the conversation (the console), for the hand-over notice. */
  conversationUrl(projectId: string, conversationId: string): string;
  log(message: string, err?: unknown): void;
}

export function createProcessor({ ctx, enqueue, open, conversationUrl, log }: ProcessorDeps) {
  const events = ctx.store.collection('channel_events');
  const links = ctx.store.collection('channel_links');
  const threadLock = createKeyedLock();
  const inFlight = new Set<string>();
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;

  async function link(channel: Channel, kind: StoredLink['kind'], key: string, make: () => Promise<string>): Promise<string> {
    const id = keyId(kind, channel.id, key);
    const found = await links.get(channel.project_id, id);
    if (found) return found.target_id;
    const target = await make();
    await links.put(channel.project_id, { id, project_id: channel.project_id, channel_id: channel.id, kind, key, target_id: target, created_at: now() });
    return target;
  }

  /** The requester's Parley user, made on their first message with the platform id on it. */
  function requester(channel: Channel, m: PlatformMessage): Promise<string> {
    const key = platformOf(channel.type)!.requesterKey(m);
    return link(channel, 'requester', `${key}:${m.requester}`, async () => (await ctx.services.users.create(channel.project_id, { platform_ids: { [key]: m.requester } })).id);
  }

  /** Adds the message to the thread's conversation (made on the thread's first message); null when it was added before. */
  async function addMessage(channel: Channel, m: PlatformMessage, userId: string): Promise<{ record: ConversationRecord; seq: number }> {
    const threadKey = `${m.thread.channel}:${m.thread.thread}`;
    // The link is written first with the id the conversation will have: a crash between the two
    // writes leaves a link to a conversation that is then made, never two conversations.
    const conversationId = await link(channel, 'thread', threadKey, async () => newId());
    const message = { role: 'user' as const, content: m.text, client_id: `${channel.type}:${m.eventId}` };
    const existing = await ctx.services.conversations.get(channel.project_id, conversationId);
    if (!existing) {
      const record = await ctx.services.conversations.create({
        id: conversationId, projectId: channel.project_id, userId, channelId: channel.id, channelType: channel.type,
        externalId: threadExternalId(channel.type, m.thread), firstMessage: message,
      });
      return { record, seq: record.messages[0].seq };
    }
    const { message: stored } = await ctx.services.conversations.append(channel.project_id, conversationId, message);
    return { record: (await ctx.services.conversations.require(channel.project_id, conversationId)), seq: stored.seq };
  }

  async function answer(e: StoredInboundEvent): Promise<Pick<StoredInboundEvent, 'status' | 'outcome' | 'conversation_id'>> {
    const channel = await ctx.store.collection('channels').get(e.project_id, e.channel_id);
    const platform = channel?.platform ? platformOf(channel.type) : undefined;
    if (!channel || !platform) return { status: 'failed', outcome: 'The channel was removed', conversation_id: null };
    const m = platform.resolveThread ? { ...e.message!, thread: await platform.resolveThread(open(channel), e.message!) } : e.message!;
    const thread = `${channel.id}:${m.thread.channel}:${m.thread.thread}`;
    const { claims, leaseMs } = sharedState(ctx);
    return threadLock(thread, () => exclusively(claims, `channel-thread:${thread}`, leaseMs, async () => {
      const userId = await requester(channel, m);
      const { record, seq } = await addMessage(channel, m, userId);
      const ops = operatorsOf(ctx);
      const before = (await ops.handover.reopened(record)) ?? record;
      const result = await ctx.services.agent.reply({ projectId: channel.project_id, conversationId: record.id });
      const after = await ctx.services.conversations.require(channel.project_id, record.id);
      const out = after.messages.filter((x) => x.seq > seq && forRequester(x));
      const sends = out.map((x) => queuedSend(channel, 'reply', after.id, x.id, { channel: m.thread.channel, thread: m.thread.thread }, x.content, x.created_at));
      const handedOver = before.holder !== 'queue' && after.holder === 'queue';
      const handoffChannel = channel.platform!.settings.handoff_channel;
      // Its own send: the relay may queue the reply itself first (relay.ts), and a reply's send is queued once.
      const fields = platform.setFields ? platform.predictFields?.(channel.platform!.settings, m.text) : undefined;
      if (fields && Object.keys(fields).length) {
        sends.push({ ...queuedSend(channel, 'fields', after.id, `${after.id}:fields:${seq}`, { channel: m.thread.channel, thread: m.thread.thread }, '', now()), fields });
      }
      // A ticket is handed over on the platform itself: a note for the agent, the ticket to the team's group or queue.
      if (handedOver && platform.handover) {
        const text = `Handed over by Parley: the requester asked for a person.\n> ${m.text.slice(0, 500)}\nThe conversation in Parley: ${conversationUrl(channel.project_id, after.id)}`;
        sends.push(queuedSend(channel, 'handover', after.id, `${after.id}:handover:${seq}`, { channel: m.thread.channel, thread: m.thread.thread }, text, now()));
      }
      if (handedOver && handoffChannel) {
        const text = `A person is needed in a conversation from ${channel.name}:\n> ${m.text.slice(0, 500)}\nOpen it in Parley: ${conversationUrl(channel.project_id, after.id)}`;
        sends.push(queuedSend(channel, 'handoff', after.id, `${after.id}:handoff:${seq}`, { channel: handoffChannel, thread: null }, text, now()));
      }
      await enqueue(sends);
      if (handedOver) {
        const where = platform.handover ? `Handed over to a person on ${platform.label}` : handoffChannel ? 'Handed over to a person; announced in the handoff channel' : 'Handed over to a person';
        return { status: 'handed_over', outcome: where, conversation_id: after.id };
      }
      if (result.message) return { status: 'answered', outcome: 'Answered', conversation_id: after.id };
      return { status: 'no_reply', outcome: `No AI reply: ${result.skipped ?? 'none due'}`, conversation_id: after.id };
    }));
  }

  /** Answers the event unless another instance holds it or answered it already. */
  async function claimAndProcess(listed: StoredInboundEvent): Promise<void> {
    const { claims, leaseMs } = sharedState(ctx);
    const name = `channel-event:${listed.id}`;
    if (!(await claims.acquire(name, { ttlMs: leaseMs }))) return;
    const stop = heartbeat(claims, name, leaseMs, () => undefined);
    try {
      // Listed before the claim: another instance may have answered it since.
      const e = await events.get(listed.project_id, listed.id);
      if (e?.status === 'received' && e.message) await processOne(e);
    } finally {
      stop();
      await claims.release(name).catch(() => undefined);
    }
  }

  async function processOne(e: StoredInboundEvent): Promise<void> {
    let outcome: Pick<StoredInboundEvent, 'status' | 'outcome' | 'conversation_id'>;
    try {
      outcome = await answer(e);
    } catch (err) {
      log(`channels: event ${e.id} could not be answered`, err);
      outcome = { status: 'failed', outcome: `Failed: ${err instanceof Error ? err.message : String(err)}`, conversation_id: e.conversation_id };
    }
    await events.update(e.project_id, e.id, (cur) => ({ ...cur, ...outcome, attempts: cur.attempts + 1, message: null }));
  }

  let running: Promise<void> | null = null;
  let again = false;
  async function drain(): Promise<void> {
    do {
      again = false;
      const due = (await events.findBy('status', 'received')).filter((e) => !inFlight.has(e.id) && e.message);
      due.sort((a, b) => (a.received_at < b.received_at ? -1 : a.received_at > b.received_at ? 1 : 0));
      // A few threads side by side; a thread's own messages wait for each other (threadLock).
      let next = 0;
      const worker = async () => {
        while (next < due.length && !stopped) {
          const e = due[next++];
          inFlight.add(e.id);
          try {
            await claimAndProcess(e);
          } finally {
            inFlight.delete(e.id);
          }
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    } while (again && !stopped);
  }

  function wake(): void {
    if (!stopped) setImmediate(() => void pass().catch((err) => log('channels: a processing pass failed', err)));
  }

  /** One pass at a time; a wake during a pass asks for one more, and every caller waits for the end. */
  function pass(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = drain().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    /** Processes every stored event still waiting; resolves when they are answered (tests await it). */
    pass,
    wake,
    /** Processes what waits now, then looks again every lease (an event an instance died on). */
    start(): void {
      const tick = () => {
        timer = setTimeout(() => void pass().catch((err) => log('channels: a processing pass failed', err)).finally(() => { if (!stopped) tick(); }), sharedState(ctx).leaseMs);
        timer.unref();
      };
      tick();
      wake();
    },
    stop(): void {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}

export type Processor = ReturnType<typeof createProcessor>;
