// A recurring export's webhook destination: one POST of a small JSON notice (never the file: the
// receiver downloads it through the signed link, as a person would), signed like every webhook
// (webhooks/signing.ts, docs/api.md "Webhooks"). The URL must be one of the project's webhook
// endpoints: its secret signs, so a receiver verifies the notice with the same Standard Webhooks
// library and secret as every other event, and an unsigned POST never reaches a customer's URL.
// The POST goes through the webhooks' sender (the address guard at connect time, no redirects).
import type { WebhookService } from '../webhooks/service.js';
import type { StoredWebhookEndpoint } from '../webhooks/endpoints.js';
import { postSigned } from '../webhooks/send.js';
import { signedHeaders } from '../webhooks/signing.js';
import { clock } from '../../lib/clock.js';

/** The enabled-or-not endpoint of the project registered at exactly this URL, or undefined. */
export async function endpointAt(webhooks: WebhookService, projectId: string, url: string): Promise<StoredWebhookEndpoint | undefined> {
  return (await webhooks.endpoints.listStored(projectId)).find((e) => e.url === url);
}

/** Resolves once the receiver answered 2xx; rejects with the reason a run records otherwise. */
export async function postSignedNotice(webhooks: WebhookService, projectId: string, url: string, id: string, body: string): Promise<void> {
  const endpoint = await endpointAt(webhooks, projectId, url);
  if (!endpoint) throw new Error('no webhook endpoint of the project has this URL any more (add it on the Webhooks page)');
  if (!endpoint.enabled) throw new Error('the webhook endpoint at this URL is disabled');
  const headers = signedHeaders(webhooks.endpoints.secrets(endpoint), id, Math.floor(clock.now() / 1000), body);
  const { allowPrivate, timeoutMs } = webhooks.settings;
  const result = await postSigned(url, body, headers, { allowPrivate, timeoutMs });
  if (result.status === null) throw new Error(result.error ?? 'the webhook URL did not answer');
  if (result.status < 200 || result.status >= 300) throw new Error(`the webhook URL answered ${result.status}`);
}
