// Signed webhooks (docs/api.md "Webhooks"): endpoints, the outbox of deliveries, the background
// deliverer and the hooks that emit events. Built once per app in services.ts; the deliverer starts
// with the app and stops on close.
import type { AppContext, Services } from '../../context.js';
import type { WebhookEventType } from '../../../shared/schemas/webhooks.js';
import { createEndpointService } from './endpoints.js';
import { createOutbox } from './outbox.js';
import { createDeliverer } from './deliverer.js';
import { hookConversationEvents } from './hooks.js';
import { notifyDisabled } from './notify.js';
import { webhookSettings, type WebhookSettings } from './settings.js';

export function createWebhookService(ctx: Omit<AppContext, 'services'>, services: () => Services, settings: WebhookSettings = webhookSettings(ctx.config.allowPrivateFetch, ctx.config.webhooks)) {
  const log = (message: string, err?: unknown) => console.warn(message, err instanceof Error ? err.message : (err ?? ''));
  const endpoints = createEndpointService(ctx, settings);
  const deliverer = createDeliverer({ store: ctx.store, endpoints, settings, log, onDisabled: async (e) => void (await notifyDisabled(services(), e)) });
  const outbox = createOutbox(ctx.store, endpoints, () => deliverer.wake());
  const unhook = hookConversationEvents(ctx.bus, outbox.emit, log);
  deliverer.start();
  ctx.onClose(async () => {
    unhook();
    await deliverer.stop();
  });

  return {
    /** Timing and policy; tests shorten the schedule here instead of waiting for real time. */
    settings,
    endpoints,
    deliveries: outbox,
    /** Stores the event for every subscribed endpoint; resolves once it is durable (it then counts as emitted). */
    emit: (projectId: string, type: WebhookEventType, data: Record<string, unknown>) => outbox.emit(projectId, type, data),
    /**
     * An export finished (docs/api.md "Webhooks" export.ready): for the exports work to call when a
     * file can be downloaded.
     */
    exportReady: (projectId: string, data: { export_id: string; kind: string; download_url: string | null; expires_at: string | null }) =>
      outbox.emit(projectId, 'export.ready', data),
    /**
     * For domains that emit after their own change is stored: awaits the outbox write, but a failure
     * to store the event is logged, not thrown, so it never fails the change itself.
     */
    record: (projectId: string, type: WebhookEventType, data: Record<string, unknown>) =>
      outbox.emit(projectId, type, data).then(
        () => undefined,
        (err) => log(`webhook: ${type} could not be stored`, err),
      ),
    /** Sends what is due now and waits for the outcome (the background loop does this on its own). */
    deliverDue: () => deliverer.deliverDue(),
    /** Drops finished deliveries older than settings.keepLogMs (hourly in the background). */
    pruneLog: () => deliverer.prune(),
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
