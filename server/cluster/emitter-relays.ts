// In-process change signals mirrored across instances (docs/architecture.md section 7): a key revoked
// on B re-checks the channels held on A, a label renamed on B refreshes A's team feeds, a visitor
// typing on A shows on B's console, an escalation on A notifies B's team feeds. Each emitter stays
// the one thing its listeners read; the relay re-emits there what other instances announced, with
// ids only on the wire (the visitor context and the escalated conversation are re-read here).
//
// An object this relay emitted is marked, so relays (several apps can share one test process and
// these emitters are module-wide) never send a remote change back out.
import type { EventEmitter } from 'node:events';
import type { AppContext } from '../context.js';
import type { ConversationRecord } from '../../shared/schemas/entities.js';
import type { ClusterSignals, SignalLog } from './signals.js';
import { grantChanged, onGrantChange, type GrantChange } from '../http/auth/grant-changes.js';
import { labelChanges, type LabelChange } from '../domains/labels/changes.js';
import { visitorTyping, type VisitorTypingEvent } from '../domains/widget/handlers/typing.js';
import { visitorChanges, visitorContextFor, type VisitorChange } from '../domains/widget/visitors.js';
import { operatorsOf } from '../domains/operators/service.js';

const fromRemote = new WeakSet<object>();

/** Mirrors one emitter event: `out` turns a local value into a small signal, `into` a signal back into a value (null: drop it). */
function mirror<T extends object>(
  signals: ClusterSignals,
  log: SignalLog,
  topic: string,
  on: (listener: (value: T) => void) => () => void,
  emit: (value: T) => void,
  out: (value: T) => Record<string, unknown>,
  into: (payload: any) => T | null | Promise<T | null>,
): () => void {
  const stopLocal = on((value) => {
    if (!fromRemote.has(value)) signals.publish(topic, out(value));
  });
  const stopRemote = signals.subscribe(topic, (payload, origin) => {
    if (origin.local) return;
    Promise.resolve(into(payload)).then(
      (value) => {
        if (!value) return;
        fromRemote.add(value);
        emit(value);
      },
      (err) => log.error({ err, topic }, 'cluster relay: could not apply a remote change'),
    );
  });
  return () => {
    stopLocal();
    stopRemote();
  };
}

const listen = <T>(emitter: EventEmitter<any>, event: string) => (fn: (value: T) => void) => {
  emitter.on(event, fn);
  return () => void emitter.off(event, fn);
};

export function startEmitterRelays(ctx: AppContext, log: SignalLog): () => void {
  const { signals } = ctx;
  if (!signals.clustered) return () => {};
  const ops = operatorsOf(ctx);
  const str = (v: unknown) => typeof v === 'string';
  const stops = [
    // A grant change is already ids only (GrantChange); the channels re-check against the store.
    mirror<GrantChange>(signals, log, 'grant', onGrantChange, grantChanged, (c) => ({ ...c }), (p) => (str(p?.kind) ? { ...p } : null)),
    mirror<LabelChange>(signals, log, 'labels', listen(labelChanges, 'change'), (c) => labelChanges.emit('change', c), (c) => ({ p: c.project_id }), (p) =>
      str(p?.p) ? { project_id: p.p } : null,
    ),
    mirror<VisitorTypingEvent>(
      signals, log, 'visitor.typing', listen(visitorTyping, 'typing'), (e) => visitorTyping.emit('typing', e),
      (e) => ({ p: e.project_id, c: e.conversation_id, on: e.typing }),
      (p) => (str(p?.p) && str(p?.c) ? { project_id: p.p, conversation_id: p.c, typing: p.on === true } : null),
    ),
    mirror<VisitorChange>(
      signals, log, 'visitor', listen(visitorChanges, 'change'), (e) => visitorChanges.emit('change', e),
      (e) => ({ p: e.project_id, c: e.conversation_id }),
      async (p) => {
        if (!str(p?.p) || !str(p?.c)) return null;
        const visitor = await visitorContextFor(ctx, p.p, p.c);
        return visitor ? { project_id: p.p, conversation_id: p.c, visitor } : null;
      },
    ),
    mirror<ConversationRecord>(
      signals, log, 'escalated', listen(ops.escalations, 'escalated'), (r) => ops.escalations.emit('escalated', r),
      (r) => ({ p: r.project_id, c: r.id }),
      async (p) => (str(p?.p) && str(p?.c) ? ((await ctx.services.conversations.get(p.p, p.c)) ?? null) : null),
    ),
  ];
  return () => stops.forEach((stop) => stop());
}
