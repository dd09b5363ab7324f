// The channels domain, one instance per app (docs/channels.md): the connection service, the inbound
// receiver, the processor that answers stored events, the relay of the team's replies to platform
// threads and the outbox sender. Built when the routes
// register (they know the public URL) and reachable from tests through channelsOf(ctx).
import type { AppContext } from '../../context.js';
import { createPlatformChannelService } from './service.js';
import { createInbound } from './inbound.js';
import { createProcessor } from './processor.js';
import { createSender } from './sender.js';
import { createRelay } from './relay.js';

export function createChannels(ctx: AppContext, baseUrl: () => string, log: (message: string, err?: unknown) => void) {
  const service = createPlatformChannelService(ctx, baseUrl);
  const sender = createSender(ctx, service, log);
  const processor = createProcessor({
    ctx,
    enqueue: sender.enqueue,
    open: service.open,
    conversationUrl: (projectId, conversationId) => `${baseUrl()}/app/p/${projectId}/c/${conversationId}`,
    log,
  });
  const receive = createInbound(ctx, service, processor.wake);
  const relay = createRelay(ctx, sender.enqueue, log);
  let unsubscribe = (): void => undefined;
  return {
    service,
    receive,
    processor,
    sender,
    relay,
    start(): void {
      unsubscribe = relay.start();
      void relay.recover().catch((err) => log('channels: the recovery of unsent replies failed', err));
      sender.start();
      processor.start();
    },
    stop(): void {
      unsubscribe();
      processor.stop();
      sender.stop();
    },
  };
}

export type Channels = ReturnType<typeof createChannels>;

const instances = new WeakMap<object, Channels>();

export function registerChannels(ctx: AppContext, channels: Channels): void {
  instances.set(ctx, channels);
}

/** The app's channels domain (after its routes registered). */
export function channelsOf(ctx: AppContext): Channels {
  const c = instances.get(ctx);
  if (!c) throw new Error('the channels routes are not registered');
  return c;
}
