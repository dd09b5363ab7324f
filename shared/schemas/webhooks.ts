// Signed webhooks (docs/api.md "Webhooks"): endpoints a project registers, the event types they can
// subscribe to, and the log of deliveries. Deliveries follow the Standard Webhooks specification
// (webhook-id, webhook-timestamp, webhook-signature headers; `whsec_` secrets). One schema per shape
// for the server, the OpenAPI document and the console.
import { Type, type Static } from 'typebox';

const closed = { additionalProperties: false } as const;
const Id = Type.String({ minLength: 1, maxLength: 64 });
const Timestamp = Type.String({ format: 'date-time' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

/** Every event a project can subscribe an endpoint to, in the order the console lists them. */
export const WEBHOOK_EVENT_TYPES = [
  'conversation.created',
  'conversation.escalated',
  'conversation.assigned',
  'conversation.resolved',
  'conversation.reopened',
  'conversation.hidden',
  'message.created',
  'rating.given',
  'user.created',
  'user.identified',
  'user.updated',
  'label.applied',
  'knowledge.sync.finished',
  'knowledge.sync.failed',
  'deployment.built',
  'alias.moved',
  'trigger.fired',
  'export.ready',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What "Send test event" delivers: sent whatever the endpoint's filter, never emitted by anything else. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_LIMITS = { endpointsPerProject: 20, urlChars: 2048, descriptionChars: 500 } as const;

const EventTypeSchema = Type.Unsafe<WebhookEventType>({ type: 'string', enum: [...WEBHOOK_EVENT_TYPES] });

export const WebhookParams = Type.Object({ project_id: Id, webhook_id: Id }, closed);
export const WebhookDeliveryParams = Type.Object({ project_id: Id, webhook_id: Id, delivery_id: Id }, closed);

export const WebhookEndpointSchema = Type.Object({
  id: Id,
  project_id: Id,
  url: Type.String(),
  description: Type.String(),
  /** The events sent to this endpoint; empty means every event type. */
  event_types: Type.Array(EventTypeSchema),
  enabled: Type.Boolean(),
  /** Why it is disabled: what the team wrote, or that it failed for too long. Null while enabled. */
  disabled_reason: Nullable(Type.String()),
  disabled_at: Nullable(Timestamp),
  /** When the current run of failed attempts began; null after a success. */
  failing_since: Nullable(Timestamp),
  /** Until when the secret replaced by the last rotation still signs deliveries too. */
  previous_secret_expires_at: Nullable(Timestamp),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type WebhookEndpoint = Static<typeof WebhookEndpointSchema>;

/** Creation and rotation answer the secret once; it is never shown again. */
export const WebhookEndpointWithSecret = Type.Object({
  ...WebhookEndpointSchema.properties,
  secret: Type.String({ description: '`whsec_` then base64: the signing key' }),
});
export type WebhookEndpointWithSecret = Static<typeof WebhookEndpointWithSecret>;

export const WebhookEndpointList = Type.Object({ data: Type.Array(WebhookEndpointSchema) });

const Url = Type.String({ minLength: 1, maxLength: WEBHOOK_LIMITS.urlChars });
const Description = Type.String({ maxLength: WEBHOOK_LIMITS.descriptionChars });
const EventTypes = Type.Array(EventTypeSchema, { maxItems: WEBHOOK_EVENT_TYPES.length, uniqueItems: true });

export const WebhookCreateBody = Type.Object(
  { url: Url, description: Type.Optional(Description), event_types: Type.Optional(EventTypes), enabled: Type.Optional(Type.Boolean()) },
  closed,
);
export type WebhookCreateBody = Static<typeof WebhookCreateBody>;

export const WebhookPatchBody = Type.Object(
  {
    url: Type.Optional(Url),
    description: Type.Optional(Description),
    event_types: Type.Optional(EventTypes),
    enabled: Type.Optional(Type.Boolean()),
    /** Kept with a disabled endpoint (enabled: false) so the team knows why later. */
    disabled_reason: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
  },
  closed,
);
export type WebhookPatchBody = Static<typeof WebhookPatchBody>;

export const WebhookAttemptSchema = Type.Object({
  at: Timestamp,
  /** The response's status; null when none came (refused address, timeout, connection error). */
  status: Nullable(Type.Integer()),
  duration_ms: Type.Integer({ minimum: 0 }),
  error: Nullable(Type.String()),
  /** The start of the response body, for the log. */
  response: Nullable(Type.String()),
});
export type WebhookAttempt = Static<typeof WebhookAttemptSchema>;

export const WebhookDeliveryStatus = Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')]);
export type WebhookDeliveryStatus = Static<typeof WebhookDeliveryStatus>;

export const WebhookDeliverySchema = Type.Object({
  id: Id,
  endpoint_id: Id,
  /** The webhook-id header: the same on every attempt and replay, so a receiver can drop duplicates. */
  message_id: Type.String(),
  event_type: Type.String(),
  /** The exact request body, signed byte for byte. */
  body: Type.String(),
  status: WebhookDeliveryStatus,
  attempts: Type.Array(WebhookAttemptSchema),
  next_attempt_at: Nullable(Timestamp),
  created_at: Timestamp,
  delivered_at: Nullable(Timestamp),
});
export type WebhookDelivery = Static<typeof WebhookDeliverySchema>;

export const WebhookDeliveryList = Type.Object({ data: Type.Array(WebhookDeliverySchema) });
export const WebhookDeliveryQuery = Type.Object(
  { status: Type.Optional(WebhookDeliveryStatus), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })) },
  closed,
);
