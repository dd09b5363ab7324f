// Realtime across instances sharing one database (docs/architecture.md section 7): the conversation
// bus and the in-process change emitters relayed over ctx.signals. Nothing to do on one instance.
import type { AppContext } from '../context.js';
import type { SignalLog } from './signals.js';
import { startConversationRelay } from './conversation-relay.js';
import { startEmitterRelays } from './emitter-relays.js';
import { startWatchersRelay } from './watchers-relay.js';

export function startClusterRelays(ctx: AppContext, log: SignalLog): () => void {
  const stops = [startConversationRelay(ctx, log), startEmitterRelays(ctx, log), startWatchersRelay(ctx)];
  return () => stops.forEach((stop) => stop());
}
