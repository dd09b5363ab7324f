// Signed webhooks (docs/api.md "Webhooks"): endpoints, the outbox of deliveries, the background
// deliverer and the hooks that emit events. Built once per app in services.ts; the deliverer starts
// with the app and stops on close.
import type { AppContext, Services } from '../../context.js';
import type { WebhookEventType } from '../../../shared/schemas/webhooks.js';
import { createEndpointService } from './endpoints.js';
import { createOutbox } from './outbox.js';
import { createDeliverer } from './deliverer.js';
import { conversationOutbound } from './hooks.js';
import { createRelay, type ChangeCheck } from './relay.js';
import { newId, now } from '../../lib/ids.js';
import { notifyDisabled } from './notify.js';
import { webhookSettings, type WebhookSettings } from './settings.js';

export function createWebhookService(ctx: Omit<AppContext, 'services'>, services: () => Services, settings: WebhookSettings = webhookSettings(ctx.config.allowPrivateFetch, ctx.config.webhooks)) {
  const log = (message: string, err?: unknown) => console.warn(message, err instanceof Error ? err.message : (err ?? ''));
  const endpoints = createEndpointService(ctx, settings);
  const deliverer = createDeliverer({ store: ctx.store, endpoints, settings, log, onDisabled: async (e) => void (await notifyDisabled(services(), e)) });
  const outbox = createOutbox(ctx.store, endpoints, () => deliverer.wake());
  const relay = createRelay(ctx.store, outbox, log);
  deliverer.start(!ctx.signals.clustered);
  // Changes a crashed run acknowledged but did not relay: once at start, then now and again for
  // intents another instance may have left (relay.ts).
  const recover = () => void relay.recover().catch((err) => log('webhook: recovering events failed', err));
  recover();
  const recovering = setInterval(recover, 5_000);
  recovering.unref();
  ctx.onClose(async () => {
    clearInterval(recovering);
    await deliverer.stop();
  });

  /**
   * A change whose events are known before it is written: the intent holding them is durable
   * before `write` runs, and `check` names the document and the fields it shows once the change
   * landed, which a recovery after a crash reads to tell whether to send them (relay.ts).
   */
  async function around<R>(projectId: string, events: [WebhookEventType, Record<string, unknown>][], check: ChangeCheck, write: () => Promise<R>): Promise<R> {
    if (events.length === 0 || !(await outbox.wants(projectId, events.map(([type]) => type)))) return write();
    const at = now();
    const change = await relay.begin(projectId, check, events.map(([type, data]) => ({ id: newId(), type, data, at })));
    try {
      return await write();
    } finally {
      await relay.end(change);
    }
  }

  return {
    /** Timing and policy; tests shorten the schedule here instead of waiting for real time. */
    settings,
    endpoints,
    deliveries: outbox,
    /** Stores the event for every subscribed endpoint; resolves once it is durable (it then counts as emitted). */
    emit: (projectId: string, type: WebhookEventType, data: Record<string, unknown>) => outbox.emit(projectId, type, data),
    /** What the conversation service records its events through, in the write of each change. */
    conversationEvents: conversationOutbound(relay, outbox),
    /**
     * Every other source of events: wraps the write of the change (see `around`). A failure to store
     * the intent fails the change before it is made, so no change goes out without its events.
     */
    around,
    /** Relays what crashed runs left (the background does this every few seconds). */
    recover: () => relay.recover(),
    /** Sends what is due now and waits for the outcome (the background loop does this on its own). */
    deliverDue: () => deliverer.deliverDue(),
    /** Drops finished deliveries older than settings.keepLogMs (hourly in the background). */
    pruneLog: () => deliverer.prune(),
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
