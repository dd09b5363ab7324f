// The outbox of platform replies (docs/channels.md "Durability"): a reply is stored before it is
// sent and sent from here, retried with backoff while the platform is down or unreachable, so a
// reply written while Slack answers 500 or refuses connections arrives once it is back, also across
// a restart. A thread's replies leave in order: one waiting for a retry holds back the later ones of
// its conversation. An error retrying cannot fix (a revoked token) fails the send at once.
//
// Several instances on one database each run a sender over the same sends: an attempt first takes
// its send by moving the due time past the attempt in one serialised update (as the mail sender
// does, docs/architecture.md section 7), so the other instances find it not due and hold its
// conversation back, and a send whose instance died mid-attempt is simply due again after CLAIM_MS.
// Queuing is create-if-absent under a job claim on the send's id, so the processor, the relay of
// operator replies (relay.ts) and its recovery pass, on any instance, queue a message once.
import type { AppContext } from '../../context.js';
import { exclusively } from '../../jobs/claims.js';
import { sharedState } from '../../jobs/shared.js';
import { clock } from '../../lib/clock.js';
import { now } from '../../lib/ids.js';
import type { StoredSend } from './records.js';
import { platformOf } from './registry.js';
import type { PlatformChannelService } from './service.js';

/** Waits after the 1st, 2nd, … failed attempt; after the last one the send is given up (about a day in all). */
export const RETRY_SCHEDULE_MS = [2_000, 10_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000, 28_800_000, 43_200_000];
const POLL_MS = 1_000;
/** How long one attempt holds its send: well past the Slack client's 10 s timeout. */
const CLAIM_MS = 60_000;

export function createSender(ctx: AppContext, channels: PlatformChannelService, log: (message: string, err?: unknown) => void) {
  const sends = ctx.store.collection('channel_sends');
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  /**
   * Takes the send for one attempt: `sent` when another instance already finished it (the queue goes
   * on), `busy` when it is not due or held by another instance's attempt (the queue waits).
   */
  async function claim(s: StoredSend): Promise<StoredSend | 'gone' | 'busy'> {
    let claimed: StoredSend | 'gone' | 'busy' = 'gone';
    await sends.update(s.project_id, s.id, (cur) => {
      if (cur.status !== 'pending') return undefined;
      if (cur.next_attempt_at === null || Date.parse(cur.next_attempt_at) > clock.now()) {
        claimed = 'busy';
        return undefined;
      }
      claimed = { ...cur, next_attempt_at: new Date(clock.now() + CLAIM_MS).toISOString() };
      return claimed;
    });
    return claimed;
  }

  /** True when the queue may go on: sent now, or finished elsewhere. */
  async function attempt(queued: StoredSend): Promise<boolean> {
    const s = await claim(queued);
    if (s === 'gone') return true;
    if (s === 'busy') return false;
    const channel = await ctx.store.collection('channels').get(s.project_id, s.channel_id);
    const platform = channel?.platform ? platformOf(channel.type) : undefined;
    const result = !channel || !platform
      ? { ok: false, retry: false, error: 'the channel was removed' }
      : s.kind === 'handover' && platform.handover && s.target.thread !== null
        ? await platform.handover(channels.open(channel), { channel: s.target.channel, thread: s.target.thread }, s.text)
        : s.kind === 'fields' && platform.setFields && s.target.thread !== null
          ? await platform.setFields(channels.open(channel), { channel: s.target.channel, thread: s.target.thread }, s.fields ?? {})
          : await platform.send(channels.open(channel), s.target, s.text);
    if (stopped && !result.ok) {
      // Cut short by shutdown: due again at once, sent on the next start (or by another instance).
      await sends.update(s.project_id, s.id, (cur) => (cur.status === 'pending' ? { ...cur, next_attempt_at: now() } : undefined));
      return false;
    }
    await sends.update(s.project_id, s.id, (cur) => {
      const attempts = [...cur.attempts, { at: now(), ok: result.ok, error: result.ok ? null : (result.error ?? 'failed') }];
      if (result.ok) return { ...cur, attempts, status: 'sent', next_attempt_at: null, sent_at: now(), platform_message_id: result.id ?? null };
      const wait = RETRY_SCHEDULE_MS[attempts.length - 1];
      if (!result.retry || wait === undefined) return { ...cur, attempts, status: 'failed', next_attempt_at: null };
      return { ...cur, attempts, next_attempt_at: new Date(clock.now() + wait).toISOString() };
    });
    if (!result.ok) log(`channels: send ${s.id} failed: ${result.error}`);
    return result.ok;
  }

  /** Sends what is due now, in order per conversation; resolves when every attempt is recorded. */
  async function deliverDue(): Promise<void> {
    const pending = (await sends.findBy('status', 'pending')).sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id < b.id ? -1 : 1));
    const held = new Set<string>();
    const byConversation = new Map<string, StoredSend[]>();
    for (const s of pending) byConversation.set(s.conversation_id + s.kind, [...(byConversation.get(s.conversation_id + s.kind) ?? []), s]);
    await Promise.all([...byConversation.values()].map(async (queue) => {
      for (const s of queue) {
        if (stopped || held.has(s.conversation_id + s.kind)) return;
        if (s.next_attempt_at === null || Date.parse(s.next_attempt_at) > clock.now() || !(await attempt(s))) {
          held.add(s.conversation_id + s.kind);
          return;
        }
      }
    }));
  }

  let running: Promise<void> | null = null;
  let again = false;
  function pass(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await deliverDue().catch((err) => log('channels: a send pass failed', err));
        } while (again && !stopped);
      } finally {
        running = null;
      }
    })();
    return running;
  }

  return {
    /** Stores the sends (a send stored before keeps its state), then sends what is due. */
    async enqueue(list: StoredSend[]): Promise<void> {
      const { claims, leaseMs } = sharedState(ctx);
      for (const s of list) {
        if (await sends.get(s.project_id, s.id)) continue;
        await exclusively(claims, `channel-send:${s.id}`, leaseMs, async () => {
          if (!(await sends.get(s.project_id, s.id))) await sends.put(s.project_id, s);
        });
      }
      if (list.length) setImmediate(() => void pass());
    },
    pass,
    start(): void {
      const tick = () => {
        timer = setTimeout(() => void pass().finally(() => { if (!stopped) tick(); }), POLL_MS);
        timer.unref();
      };
      tick();
      void pass();
    },
    stop(): void {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}

export type Sender = ReturnType<typeof createSender>;
