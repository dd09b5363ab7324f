// Whether a visitor has the conversation open in a widget on any instance (widget/watchers.ts counts
// this instance's sockets). The visitor-reply e-mail goes only to a visitor who is away, and an
// operator's reply may be written on another instance than the one holding the visitor's socket: so
// the instance about to send asks the others, and one that has a watcher answers.
import type { AppContext } from '../context.js';
import type { ClusterSignals } from './signals.js';
import { visitorConnected } from '../domains/widget/watchers.js';

const ASK = 'watchers.ask';
const YES = 'watchers.yes';
/** How long an instance waits for a "yes" before taking the visitor as away (an e-mail can wait this long). */
export const WATCH_QUERY_MS = 500;

const pending = new WeakMap<ClusterSignals, Map<string, () => void>>();

/** Answers the other instances' questions; returns the function that stops. */
export function startWatchersRelay(ctx: AppContext, watching: (conversationId: string) => boolean = visitorConnected): () => void {
  const { signals } = ctx;
  if (!signals.clustered) return () => {};
  const waiting = new Map<string, () => void>();
  pending.set(signals, waiting);
  const stops = [
    signals.subscribe(ASK, (p: { c?: unknown; q?: unknown }, origin) => {
      if (!origin.local && typeof p?.c === 'string' && typeof p.q === 'string' && watching(p.c)) signals.publish(YES, { q: p.q });
    }),
    signals.subscribe(YES, (p: { q?: unknown }, origin) => {
      if (!origin.local && typeof p?.q === 'string') waiting.get(p.q)?.();
    }),
  ];
  return () => {
    stops.forEach((stop) => stop());
    pending.delete(signals);
  };
}

export async function visitorConnectedAnywhere(ctx: AppContext, conversationId: string, watching: (conversationId: string) => boolean = visitorConnected): Promise<boolean> {
  if (watching(conversationId)) return true;
  const waiting = pending.get(ctx.signals);
  if (!waiting) return false;
  const q = crypto.randomUUID();
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => {
      waiting.delete(q);
      resolve(false);
    }, WATCH_QUERY_MS);
    waiting.set(q, () => {
      clearTimeout(timer);
      waiting.delete(q);
      resolve(true);
    });
    ctx.signals.publish(ASK, { c: conversationId, q });
  });
}
