// The OpenAPI document's `webhooks` section: one POST per event type, with the event's payload and
// the Standard Webhooks headers, so receivers can generate their types and see what to verify.
import { WEBHOOK_EVENT_DATA, WEBHOOK_TEST_DATA, WebhookEnvelope } from '../../../shared/webhook-events.js';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT } from '../../../shared/schemas/webhooks.js';

const header = (name: string, description: string) => ({ name, in: 'header', required: true, description, schema: { type: 'string' } });

const HEADERS = [
  header('webhook-id', 'The delivery\'s id (`msg_…`): the same on every retry and replay; drop a duplicate you have processed.'),
  header('webhook-timestamp', 'Unix seconds when this attempt was signed; refuse one too far from your clock.'),
  header('webhook-signature', 'Space-separated `v1,<base64 HMAC-SHA256>` of `id.timestamp.body` keyed by the endpoint\'s secret; two during a secret rotation.'),
];

function operation(type: string, data: object, description: string) {
  const id = type.replace(/[._](\w)/g, (_, c: string) => c.toUpperCase());
  return {
    post: {
      operationId: `webhook${id[0].toUpperCase()}${id.slice(1)}`,
      summary: type,
      description,
      tags: ['webhooks'],
      security: [],
      parameters: HEADERS,
      requestBody: { required: true, content: { 'application/json': { schema: WebhookEnvelope(type, data as never) } } },
      responses: {
        '200': { description: 'Any 2xx: delivered. Anything else, or no answer within the timeout, is retried.' },
        '4XX': { description: 'Not delivered: retried on the schedule (docs/api.md "Webhooks").' },
      },
    },
  };
}

// Typed loosely: the section is plain JSON handed to @fastify/swagger, checked by the OpenAPI lint test.
export function webhookOpenApi(): Record<string, any> {
  const out: Record<string, object> = {};
  for (const type of WEBHOOK_EVENT_TYPES) {
    const data = WEBHOOK_EVENT_DATA[type] as { description?: string };
    out[type] = operation(type, data, data.description ?? type);
  }
  out[WEBHOOK_TEST_EVENT] = operation(WEBHOOK_TEST_EVENT, WEBHOOK_TEST_DATA, 'Sent by "Send test event" whatever the endpoint\'s filter.');
  return out;
}
