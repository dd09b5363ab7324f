// The payload of every webhook event (docs/api.md "Webhooks"): the Standard Webhooks envelope
// `{ type, timestamp, data }`, where `data` depends on the type. The schemas are published in the
// OpenAPI document's `webhooks` section, so a receiver can generate its types from it.
import { Type, type Static, type TSchema } from 'typebox';
import { ConversationSchema, MessageSchema, UserSchema } from './schemas/entities.js';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT, type WebhookEventType } from './schemas/webhooks.js';

const Id = Type.String();
const Open = (props: Record<string, TSchema>, description: string) => Type.Object(props, { additionalProperties: true, description });

const conversation = (what: string) => Open({ conversation: ConversationSchema }, `The conversation after it ${what}.`);

/** `data` of each event type. */
export const WEBHOOK_EVENT_DATA: Record<WebhookEventType, TSchema> = {
  'conversation.created': conversation('was created'),
  'conversation.escalated': conversation('was escalated to the team'),
  'conversation.assigned': conversation('was assigned (`assignee_id`; null when unassigned)'),
  'conversation.resolved': conversation('was resolved'),
  'conversation.reopened': conversation('was reopened (a resolved or abandoned conversation became active again)'),
  'conversation.hidden': conversation('was hidden'),
  // Only what the visitor can see: visitor, AI and team replies; never internal notes, comments,
  // summaries or handover notes (the same rule as the widget, shared/visibility.ts).
  'message.created': Open({ conversation_id: Id, message: MessageSchema }, 'A message the visitor can see: from the visitor, the AI or the team. Internal notes are never sent.'),
  'rating.given': Open({ conversation_id: Id, rating: Type.Integer({ minimum: 1, maximum: 5 }), feedback: Type.Union([Type.String(), Type.Null()]) }, 'The visitor rated the conversation.'),
  'user.created': Open({ user: UserSchema }, 'A user (an end user of the agent) was created.'),
  'user.identified': Open({ user: UserSchema }, 'A user was identified (an external id, e-mail or phone became known).'),
  'user.updated': Open({ user: UserSchema }, 'A user was changed.'),
  'label.applied': Open({ conversation_id: Id, label_ids: Type.Array(Id) }, 'Labels newly applied to a conversation.'),
  'knowledge.sync.finished': Open({ job: Type.Object({}, { additionalProperties: true }) }, 'A knowledge sync job finished.'),
  'knowledge.sync.failed': Open({ job: Type.Object({}, { additionalProperties: true }) }, 'A knowledge sync job failed.'),
  'deployment.built': Open(
    { deployment: Open({ version: Type.Integer(), note: Type.String(), created_at: Type.String(), restored_from: Type.Union([Type.Integer(), Type.Null()]) }, 'The build.') },
    'A deployment was built (published or restored).',
  ),
  'alias.moved': Open(
    { alias: Open({ name: Type.String(), version: Type.Integer(), previous_version: Type.Union([Type.Integer(), Type.Null()]), at: Type.String() }, 'The alias after the move.') },
    'An alias was created or now points at another deployment.',
  ),
  'trigger.fired': Open({ conversation_id: Id, message_id: Id, trigger_id: Id, actions: Type.Array(Type.String()) }, 'A trigger matched a visitor message and acted (one event per trigger).'),
  'export.ready': Open({ export_id: Id, kind: Type.String(), download_url: Type.Union([Type.String(), Type.Null()]), expires_at: Type.Union([Type.String(), Type.Null()]) }, 'An export finished and can be downloaded.'),
};

export const WebhookEnvelope = (type: string, data: TSchema) =>
  Type.Object({ type: Type.Literal(type), timestamp: Type.String({ format: 'date-time' }), data }, { additionalProperties: false });

export const WEBHOOK_TEST_DATA = Open({ endpoint_id: Id, message: Type.String() }, 'Sent by "Send test event"; ignore it or answer 2xx.');

export interface WebhookEvent<T extends string = string> {
  type: T;
  /** When it happened (ISO 8601). */
  timestamp: string;
  data: Record<string, unknown>;
}

export type ConversationWebhookData = { conversation: Static<typeof ConversationSchema> };

export function isWebhookEventType(value: string): value is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}

export { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT };
