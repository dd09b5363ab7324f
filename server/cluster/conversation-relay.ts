// The conversation bus across instances (docs/architecture.md section 7). Every event published on
// this instance rings the others with ids only (+ seq); they re-read the row from the store and hand
// it to their feeds (bus.deliverRemote), never to side effects, which ran where the event happened.
//
// Streamed answer text (message.delta) stays on the instance that generates it: the visitor whose
// widget asked is connected there, the answer's final message.created reaches everyone else, and a
// NOTIFY per token would cost every instance a round trip per token for a preview.
//
// Nothing is missed or doubled: per conversation the relay remembers the last seq its feeds got; a
// signal whose seq is not the next one fills the gap from the stored record, an old one is dropped,
// and after the LISTEN connection was lost every remembered conversation (and every conversation of
// a known project changed since) is re-read and what is new is delivered (resync).
import type { AppContext } from '../context.js';
import type { ConversationEvent } from '../domains/conversations/events.js';
import { summary } from '../domains/conversations/service.js';
import { REPLY_FAILED } from '../domains/widget/agent-runner.js';
import type { ConversationRecord } from '../../shared/schemas/entities.js';
import type { ResyncInfo, SignalLog } from './signals.js';

export const CONVERSATION_TOPIC = 'conversation';

/** What a signal carries: t = kind, p = project, c = conversation, s = seq, id = tool call, r/on = typing. */
export interface ConversationSignal {
  t: 'message' | 'updated' | 'created' | 'typing' | 'tool_call' | 'failed';
  p: string;
  c: string;
  s?: number;
  id?: string;
  r?: 'assistant' | 'operator';
  on?: boolean;
}

/** Conversations whose last delivered seq is remembered (oldest forgotten first). */
const REMEMBERED = 10_000;
/** Clock skew between instances allowed for when re-reading what changed during an outage. */
const RESYNC_MARGIN_MS = 5_000;

export function toSignal(event: ConversationEvent): ConversationSignal | null {
  const base = { p: event.project_id, c: event.conversation_id };
  switch (event.type) {
    case 'message.created':
      return { t: 'message', ...base, s: event.seq };
    case 'conversation.updated':
      return { t: 'updated', ...base };
    case 'conversation.created':
      return { t: 'created', ...base };
    case 'typing':
      return { t: 'typing', ...base, r: event.role, on: event.typing };
    case 'tool_call.updated':
      return { t: 'tool_call', ...base, id: event.tool_call.id };
    case 'reply.failed':
      return { t: 'failed', ...base };
    case 'message.delta':
      return null;
  }
}

export function startConversationRelay(ctx: AppContext, log: SignalLog): () => void {
  const { signals, bus } = ctx;
  if (!signals.clustered) return () => {};
  const conversations = ctx.services.conversations;
  /** conversation id → last seq this instance's feeds got, in insertion order for forgetting. */
  const lastSeq = new Map<string, { projectId: string; seq: number }>();
  const projects = new Set<string>();
  /** Per conversation, remote work runs in order: seq 5 is delivered before seq 6. */
  const chains = new Map<string, Promise<void>>();

  const remember = (projectId: string, conversationId: string, seq: number) => {
    const known = lastSeq.get(conversationId);
    if (known && known.seq >= seq) return;
    lastSeq.delete(conversationId);
    lastSeq.set(conversationId, { projectId, seq });
    projects.add(projectId);
    if (lastSeq.size > REMEMBERED) lastSeq.delete(lastSeq.keys().next().value!);
  };

  const inOrder = (conversationId: string, work: () => Promise<void>) => {
    const next = (chains.get(conversationId) ?? Promise.resolve())
      .then(work)
      .catch(logError);
    chains.set(conversationId, next);
    void next.finally(() => {
      if (chains.get(conversationId) === next) chains.delete(conversationId);
    });
  };
  const logError = (err: unknown) => log.error({ err }, 'conversation relay: could not deliver a remote event');

  /** Messages after what the feeds here have, delivered in seq order; `upTo` bounds it (the signal's seq). */
  function deliverNewMessages(record: ConversationRecord, upTo = Infinity) {
    const from = lastSeq.get(record.id)?.seq ?? -Infinity;
    for (const message of record.messages) {
      if (message.seq <= from || message.seq > upTo) continue;
      bus.deliverRemote({ type: 'message.created', project_id: record.project_id, conversation_id: record.id, seq: message.seq, message });
      remember(record.project_id, record.id, message.seq);
    }
  }

  async function receive(sig: ConversationSignal) {
    if (sig.t === 'typing') {
      if (sig.r && typeof sig.on === 'boolean') bus.deliverRemote({ type: 'typing', project_id: sig.p, conversation_id: sig.c, role: sig.r, typing: sig.on });
      return;
    }
    // A file's reply failed on the instance that took the upload; the visitor's socket may be here.
    if (sig.t === 'failed') {
      bus.deliverRemote({ type: 'reply.failed', project_id: sig.p, conversation_id: sig.c, error: 'upstream_unavailable', message: REPLY_FAILED });
      return;
    }
    if (sig.t === 'tool_call') {
      const call = sig.id ? await ctx.store.collection('tool_calls').get(sig.p, sig.id) : undefined;
      if (!call) return;
      const { resume: _resume, ...tool_call } = call as typeof call & { resume?: unknown };
      bus.deliverRemote({ type: 'tool_call.updated', project_id: sig.p, conversation_id: sig.c, tool_call });
      return;
    }
    const record = await conversations.get(sig.p, sig.c);
    if (!record) return;
    if (sig.t === 'message') {
      const known = lastSeq.get(sig.c);
      // Never seen here: only this message (earlier ones were never this instance's to deliver).
      if (!known && sig.s !== undefined) remember(sig.p, sig.c, sig.s - 1);
      deliverNewMessages(record, sig.s);
      return;
    }
    const type = sig.t === 'created' ? 'conversation.created' : 'conversation.updated';
    bus.deliverRemote({ type, project_id: sig.p, conversation_id: sig.c, conversation: summary(record) });
  }

  /** After an outage of the LISTEN link: what changed meanwhile, re-read from the store. */
  async function resync({ lostAt }: ResyncInfo) {
    const since = new Date(lostAt - RESYNC_MARGIN_MS).toISOString();
    const ids = new Map([...lastSeq].map(([id, v]) => [id, v.projectId]));
    for (const projectId of projects) {
      for (const c of await conversations.list(projectId)) {
        if ((c.updated_at ?? '') >= since && !ids.has(c.id)) ids.set(c.id, projectId);
      }
    }
    for (const [conversationId, projectId] of ids) {
      inOrder(conversationId, async () => {
        const record = await conversations.get(projectId, conversationId);
        if (!record) return;
        if (!lastSeq.has(conversationId)) {
          // Not followed before the outage: only what was written during it.
          const before = record.messages.filter((m) => m.created_at < since).at(-1)?.seq ?? 0;
          remember(projectId, conversationId, before);
        }
        deliverNewMessages(record);
        bus.deliverRemote({ type: 'conversation.updated', project_id: projectId, conversation_id: conversationId, conversation: summary(record) });
      });
    }
  }

  const stops = [
    // Local events: delivered here by the bus at once; the others are rung.
    bus.subscribeAll((event) => {
      if (event.type === 'message.created') remember(event.project_id, event.conversation_id, event.seq);
      const sig = toSignal(event);
      if (sig) signals.publish(CONVERSATION_TOPIC, sig as unknown as Record<string, unknown>);
    }),
    signals.subscribe(CONVERSATION_TOPIC, (sig: ConversationSignal, origin) => {
      if (origin.local || typeof sig?.c !== 'string' || typeof sig.p !== 'string') return;
      inOrder(sig.c, () => receive(sig));
    }),
    signals.onResync((info) => void resync(info).catch(logError)),
  ];
  return () => stops.forEach((stop) => stop());
}
