// The webhook outbox: an event counts as emitted once one delivery per matching endpoint is stored
// (durable), so a restart between the event and its sending loses nothing; the deliverer sends from
// here. The delivery keeps the exact body it signs, so every retry and replay is byte-identical
// and carries the same webhook-id, which receivers use to drop duplicates.
import type { ParleyStore } from '../../store/index.js';
import { notFound } from '../../errors.js';
import { newId, now } from '../../lib/ids.js';
import type { WebhookDelivery, WebhookDeliveryStatus } from '../../../shared/schemas/webhooks.js';
import { WEBHOOK_TEST_EVENT, type WebhookEventType } from '../../../shared/schemas/webhooks.js';
import type { EndpointService, StoredWebhookEndpoint } from './endpoints.js';

export interface StoredDelivery extends WebhookDelivery {
  project_id: string;
  /** How many attempts came before the last replay: the retry schedule starts again after it. */
  round_start?: number;
  /** While an attempt holds the delivery (deliverer.ts claim): its due time before the claim. */
  claimed_due?: string;
}

export function createOutbox(store: ParleyStore, endpoints: EndpointService, wake: () => void) {
  const deliveries = store.collection('webhook_deliveries');

  const subscribed = (all: StoredWebhookEndpoint[], type: string) =>
    all.filter((e) => e.enabled && (e.event_types.length === 0 || (e.event_types as string[]).includes(type)));

  async function enqueue(projectId: string, targets: StoredWebhookEndpoint[], type: string, data: Record<string, unknown>, timestamp: string, idFor: (e: StoredWebhookEndpoint) => string = newId) {
    if (targets.length === 0) return [];
    const body = JSON.stringify({ type, timestamp, data });
    const created = await Promise.all(
      targets.map((e) => {
        const id = idFor(e);
        const doc: StoredDelivery = {
          id, project_id: projectId, endpoint_id: e.id, message_id: `msg_${id}`, event_type: type, body, status: 'pending',
          attempts: [], next_attempt_at: timestamp, created_at: timestamp, delivered_at: null,
        };
        return deliveries.put(projectId, doc);
      }),
    );
    wake();
    return created;
  }

  return {
    /** Stores a delivery for every enabled endpoint of the project subscribed to `type`; resolves once they are durable. */
    async emit(projectId: string, type: WebhookEventType, data: Record<string, unknown>): Promise<number> {
      return (await enqueue(projectId, subscribed(await endpoints.listStored(projectId), type), type, data, now())).length;
    },

    /** Whether an enabled endpoint of the project takes any of these types (else a change records no events). */
    async wants(projectId: string, types: readonly WebhookEventType[]): Promise<boolean> {
      const all = await endpoints.listStored(projectId);
      return types.some((type) => subscribed(all, type).length > 0);
    },

    /**
     * One relayed event (relay.ts): a delivery per subscribed endpoint, its id made from the event and
     * the endpoint; `ifAbsent` skips deliveries stored already (a change relayed twice).
     */
    async enqueueEvent(
      projectId: string,
      event: { id: string; type: WebhookEventType; data: Record<string, unknown>; at: string },
      idFor: (eventId: string, endpointId: string) => string,
      ifAbsent: boolean,
    ): Promise<number> {
      let targets = subscribed(await endpoints.listStored(projectId), event.type);
      if (ifAbsent) {
        const stored = await Promise.all(targets.map((e) => deliveries.get(projectId, idFor(event.id, e.id))));
        targets = targets.filter((_, i) => !stored[i]);
      }
      return (await enqueue(projectId, targets, event.type, event.data, event.at, (e) => idFor(event.id, e.id))).length;
    },

    /** "Send test event": one delivery to this endpoint whatever its filter (and even while disabled). */
    async sendTest(projectId: string, endpointId: string): Promise<StoredDelivery> {
      const e = await endpoints.require(projectId, endpointId);
      const [d] = await enqueue(projectId, [e], WEBHOOK_TEST_EVENT, { endpoint_id: e.id, message: 'A test event from Parley' }, now());
      return d;
    },

    /** The endpoint's deliveries, newest first. */
    async list(projectId: string, endpointId: string, query: { status?: WebhookDeliveryStatus; limit?: number }): Promise<StoredDelivery[]> {
      await endpoints.require(projectId, endpointId);
      const all = (await deliveries.list(projectId)).filter((d) => d.endpoint_id === endpointId && (!query.status || d.status === query.status));
      return all.reverse().slice(0, query.limit ?? 50);
    },

    async get(projectId: string, endpointId: string, id: string): Promise<StoredDelivery> {
      const d = await deliveries.get(projectId, id);
      if (!d || d.endpoint_id !== endpointId) throw notFound('webhook delivery');
      return d;
    },

    /** Sends a delivery again now, with the same webhook-id and body; its log keeps the earlier attempts. */
    async replay(projectId: string, endpointId: string, id: string): Promise<StoredDelivery> {
      const updated = await deliveries.update(projectId, id, (d) =>
        d.endpoint_id === endpointId ? { ...d, status: 'pending', next_attempt_at: now(), delivered_at: null, round_start: d.attempts.length } : undefined,
      );
      if (!updated || updated.endpoint_id !== endpointId) throw notFound('webhook delivery');
      wake();
      return updated;
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
