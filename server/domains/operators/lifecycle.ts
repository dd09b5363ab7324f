// Automatic status transitions (docs/operators.md "Statuses"):
//   - escalated on handoff or take over (service.ts);
//   - after CONVERSATION_IDLE_MINUTES (default 30) without a message, a conversation nobody of the
//     team is handling closes: resolved when the visitor's last message got an answer (an AI answer
//     with sources, or an operator reply), abandoned when it did not; an escalated conversation
//     still held by an operator closes only once the operator had the last word (resolved);
//   - a snoozed conversation wakes when its time passes or the visitor writes, and is not closed
//     for idleness while it sleeps (snooze.ts);
//   - a new visitor message reopens a resolved or abandoned conversation: to whoever had it
//     (handover.ts "reopened"; the widget's send path does this before asking the AI);
//   - a visitor's message waiting for a person past HANDOFF_WAIT_MINUTES (default 10), or with nobody
//     who could answer online, is told so once (handover.ts "wait_expired"): leave an e-mail, or with
//     HANDOFF_FALLBACK=ai the AI answers again.
// Closing without a rating leaves a marker (spec 2.5): `abandoned` when the conversation was
// abandoned, `unoffered` when it was resolved on a channel that never offers a rating (the API).
// Every change is a system note and a conversation.updated event (service.ts changeStatus).
import type { AppContext } from '../../context.js';
import type { ConversationRecord, ConversationStatus } from '../../../shared/schemas/entities.js';
import { operatorsOf } from './service.js';
import { holderOf } from '../../../shared/holder.js';
import { unansweredAndUntold, type WaitFallback } from './handover.js';
import { isSnoozed, snoozeDue } from './snooze.js';

export const DEFAULT_IDLE_MINUTES = 30;
export const DEFAULT_WAIT_MINUTES = 10;
/** A person who just reloaded the console is not "offline": the visitor's message must be this old first. */
export const OFFLINE_GRACE_MS = 60_000;

/** How long a visitor's message may wait for a person before they are told (HANDOFF_WAIT_MINUTES). */
export function waitMinutes(env: NodeJS.ProcessEnv = process.env): number {
  return wholeMinutes(env, 'HANDOFF_WAIT_MINUTES', DEFAULT_WAIT_MINUTES, 1440);
}

/** A whole number of minutes from 1 to `max` in `name`, or `fallback` when it is unset. */
function wholeMinutes(env: NodeJS.ProcessEnv, name: string, fallback: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new Error(`${name} must be a whole number of minutes from 1 to ${max}`);
  return n;
}

/** What a wait ends in (HANDOFF_FALLBACK): `email` (default) asks for an e-mail, `ai` lets the AI answer. */
export function waitFallback(env: NodeJS.ProcessEnv = process.env): WaitFallback {
  const raw = env.HANDOFF_FALLBACK;
  if (raw === undefined || raw === '' || raw === 'email') return 'email';
  if (raw === 'ai') return 'ai';
  throw new Error('HANDOFF_FALLBACK must be email or ai');
}

export interface WaitSettings {
  waitMs: number;
  fallback: WaitFallback;
}

/** Why the visitor's waiting message is due a word, at `nowMs`: nobody who could answer is online, or the wait passed. */
export function waitDue(c: ConversationRecord, nowMs: number, waitMs: number, online: (memberId?: string | null) => boolean): 'offline' | 'waited' | null {
  // Only the widget can show the wait and take an e-mail (contact.leave); an API channel's own client words its waits.
  if (c.hidden || c.status !== 'escalated' || c.channel_type !== 'website_widget') return null;
  const holder = holderOf(c);
  if (holder === 'ai' || !unansweredAndUntold(c)) return null;
  const lastVisitor = c.messages.findLast((m) => m.role === 'user' && m.type === 'message')!;
  const waited = nowMs - Date.parse(lastVisitor.created_at);
  const reachable = holder === 'operator' && c.assignee_id ? online(c.assignee_id) : online();
  if (!reachable && waited >= OFFLINE_GRACE_MS) return 'offline';
  return waited >= waitMs ? 'waited' : null;
}

export function idleMinutes(env: NodeJS.ProcessEnv = process.env): number {
  return wholeMinutes(env, 'CONVERSATION_IDLE_MINUTES', DEFAULT_IDLE_MINUTES, 10_080);
}

export interface AutoChange {
  status: ConversationStatus;
  reason: string;
  rating?: 'abandoned' | 'unoffered';
}

/** The automatic transition due for `c` at `nowMs`, if any. */
export function autoTransition(c: ConversationRecord, nowMs: number, idleMs: number): AutoChange | null {
  if (c.hidden || (c.status !== 'active' && c.status !== 'escalated')) return null;
  const last = c.last_message_at ?? c.created_at;
  if (nowMs - Date.parse(last) < idleMs) return null;
  const turns = c.messages.filter((m) => m.type === 'message');
  const lastUser = turns.findLastIndex((m) => m.role === 'user');
  const after = turns.slice(lastUser + 1);
  const answered = after.some((m) => m.role === 'operator' || (m.role === 'assistant' && (m.outcome ?? 'answer') === 'answer'));
  const minutes = Math.round(idleMs / 60_000);
  if (c.status === 'escalated' && c.operator_active) {
    return after.some((m) => m.role === 'operator') ? { status: 'resolved', reason: `the team answered; no reply for ${minutes} min`, ...marker(c, 'resolved') } : null;
  }
  if (answered) return { status: 'resolved', reason: `answered; no reply for ${minutes} min`, ...marker(c, 'resolved') };
  return { status: 'abandoned', reason: `the visitor stopped responding for ${minutes} min`, ...marker(c, 'abandoned') };
}

function marker(c: ConversationRecord, status: 'resolved' | 'abandoned'): Pick<AutoChange, 'rating'> {
  if (c.rating !== null) return {};
  if (status === 'abandoned') return { rating: 'abandoned' };
  return c.channel_type === 'website_widget' ? {} : { rating: 'unoffered' };
}

export function createLifecycle(ctx: AppContext, idleMs: number, wait: WaitSettings = { waitMs: DEFAULT_WAIT_MINUTES * 60_000, fallback: 'email' }) {
  const ops = operatorsOf(ctx);
  return {
    /** Applies every due transition in the project (or all projects) as of `nowMs`; returns the changed ids. */
    async sweep(nowMs = Date.now(), projectId?: string): Promise<string[]> {
      const scopes = projectId ? [projectId] : await ctx.store.collection('conversations').scopes();
      const changed: string[] = [];
      for (const scope of scopes) {
        const online = (memberId?: string | null) => {
          const members = ops.presence.online(scope);
          return memberId ? members.some((m) => m.member_id === memberId) : members.length > 0;
        };
        for (const c of await ctx.services.conversations.list(scope)) {
          // A snooze that ran out wakes it (snooze.ts); one still running keeps the idle closer off.
          if (snoozeDue(c, nowMs)) {
            if (await ops.snooze.wake(c, 'time')) changed.push(c.id);
            continue;
          }
          if (isSnoozed(c)) continue;
          const due = waitDue(c, nowMs, wait.waitMs, online);
          if (due && (await ops.handover.waitExpired(c, due, wait.fallback))) {
            changed.push(c.id);
            // The AI is back: it answers the message that waited.
            if (wait.fallback === 'ai') void ctx.services.agent.reply({ projectId: scope, conversationId: c.id }).catch(() => undefined);
            continue;
          }
          const change = autoTransition(c, nowMs, idleMs);
          if (!change) continue;
          await ops.changeStatus(c, change.status, change.reason, undefined, change.rating ? { rating: change.rating } : {});
          changed.push(c.id);
        }
      }
      return changed;
    },
  };
}

const lifecycles = new WeakMap<AppContext, ReturnType<typeof createLifecycle>>();
export const lifecycleOf = (ctx: AppContext) => lifecycles.get(ctx);

export function startLifecycle(ctx: AppContext): void {
  const idleMs = idleMinutes() * 60_000;
  const lifecycle = createLifecycle(ctx, idleMs, { waitMs: waitMinutes() * 60_000, fallback: waitFallback() });
  lifecycles.set(ctx, lifecycle);
  const ops = operatorsOf(ctx);
  // A visitor message reopens a closed conversation and marks the user as seen (spec 2.4 last seen).
  const stop = ctx.bus.subscribeAll((event) => {
    if (event.type !== 'message.created' || event.message.role !== 'user' || event.message.type !== 'message') return;
    void (async () => {
      const record = await ctx.services.conversations.get(event.project_id, event.conversation_id);
      if (!record) return;
      await ctx.services.users.patch(event.project_id, record.user_id, { last_seen_at: event.message.created_at }).catch(() => undefined);
      // The widget reopens before asking the AI (handlers/send.ts); this covers every other path.
      await ops.handover.reopened(record);
      // A snoozed conversation wakes when the visitor writes (snooze.ts).
      await ops.snooze.wake((await ctx.services.conversations.get(event.project_id, event.conversation_id)) ?? record, 'visitor');
    })().catch(() => undefined);
  });
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void lifecycle.sweep().catch(() => undefined).finally(() => (running = false));
  }, Math.min(60_000, Math.max(1_000, idleMs / 4)));
  timer.unref();
  ctx.onClose(() => {
    clearInterval(timer);
    stop();
  });
}
