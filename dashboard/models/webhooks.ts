// A project's webhook endpoints and their delivery logs (docs/api.md "Webhooks"): the only module of
// the Webhooks page that calls the API. A secret appears only in the answers to create and rotate.
import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointWithSecret, WebhookPatchBody } from '../../shared/schemas/webhooks.js';
import { WEBHOOK_EVENT_TYPES } from '../../shared/schemas/webhooks.js';
import { api } from './api.js';

export type { WebhookDelivery, WebhookEndpoint };
export const EVENT_TYPES: readonly string[] = WEBHOOK_EVENT_TYPES;

const base = (projectId: string) => `/v1/projects/${encodeURIComponent(projectId)}/webhooks`;
const one = (projectId: string, id: string) => `${base(projectId)}/${encodeURIComponent(id)}`;

export const listWebhooks = async (projectId: string) => (await api<{ data: WebhookEndpoint[] }>('GET', base(projectId))).data;
export const createWebhook = (projectId: string, body: { url: string; description: string; event_types: string[] }) =>
  api<WebhookEndpointWithSecret>('POST', base(projectId), body);
export const updateWebhook = (projectId: string, id: string, patch: WebhookPatchBody) => api<WebhookEndpoint>('PATCH', one(projectId, id), patch);
export const deleteWebhook = (projectId: string, id: string) => api<void>('DELETE', one(projectId, id));
export const rotateSecret = (projectId: string, id: string) => api<WebhookEndpointWithSecret>('POST', `${one(projectId, id)}/rotate-secret`);
export const sendTestEvent = (projectId: string, id: string) => api<WebhookDelivery>('POST', `${one(projectId, id)}/test`);
export const listDeliveries = async (projectId: string, id: string) => (await api<{ data: WebhookDelivery[] }>('GET', `${one(projectId, id)}/deliveries?limit=20`)).data;
export const replayDelivery = (projectId: string, id: string, deliveryId: string) =>
  api<WebhookDelivery>('POST', `${one(projectId, id)}/deliveries/${encodeURIComponent(deliveryId)}/replay`);

/** One line for an attempt's outcome in the log. */
export function outcome(d: WebhookDelivery): string {
  const last = d.attempts.at(-1);
  if (!last) return 'not sent yet';
  const answer = last.status === null ? (last.error ?? 'no answer') : `HTTP ${last.status}`;
  return `${answer} in ${last.duration_ms} ms`;
}
