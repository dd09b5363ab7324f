// Triggers (spec 6): ordered project rules run before every AI reply. Each has an optional saved
// audience (spec 2.8: who), message conditions that must all hold (what), and effects: block the
// reply, add or remove a label. One schema per shape for validation, types and OpenAPI
// (docs/behaviour.md "Triggers").
import { Type, type Static } from 'typebox';
import { AudienceRootSchema } from './behaviour.js';

const Id = Type.String({ minLength: 1, maxLength: 64 });
const Timestamp = Type.String({ format: 'date-time' });
const closed = { additionalProperties: false } as const;

export const MessageConditionSchema = Type.Union([
  Type.Object({ type: Type.Literal('contains'), value: Type.String({ minLength: 1, maxLength: 200, description: 'Case-insensitive text the message contains' }) }, closed),
  Type.Object(
    {
      type: Type.Literal('regex'),
      pattern: Type.String({ minLength: 1, maxLength: 200, description: 'A JavaScript regular expression, matched case-insensitively; patterns that can backtrack catastrophically are refused' }),
    },
    closed,
  ),
  Type.Object({ type: Type.Literal('language'), languages: Type.Array(Type.String({ pattern: '^[a-z]{2}$' }), { minItems: 1, maxItems: 20, description: 'ISO 639-1 codes; the message is in one of them' }) }, closed),
  Type.Object({ type: Type.Literal('link_count'), at_least: Type.Integer({ minimum: 0, maximum: 100 }) }, closed),
  Type.Object({ type: Type.Literal('spam_score'), at_least: Type.Number({ minimum: 0, maximum: 1, description: 'The built-in spam score of the message, 0..1' }) }, closed),
]);
export type MessageCondition = Static<typeof MessageConditionSchema>;

export const TriggerEffectSchema = Type.Union([
  Type.Object({ type: Type.Literal('block') }, closed),
  Type.Object({ type: Type.Literal('add_label'), label_id: Id }, closed),
  Type.Object({ type: Type.Literal('remove_label'), label_id: Id }, closed),
  // The conversation's user (spec 2.4): user labels are names, as the users API takes them.
  Type.Object({ type: Type.Literal('add_user_label'), label: Type.String({ minLength: 1, maxLength: 80, pattern: '\\S' }) }, closed),
  Type.Object({ type: Type.Literal('remove_user_label'), label: Type.String({ minLength: 1, maxLength: 80, pattern: '\\S' }) }, closed),
]);
export type TriggerEffect = Static<typeof TriggerEffectSchema>;

export const TriggerSchema = Type.Object({
  id: Id,
  project_id: Id,
  name: Type.String(),
  state: Type.Union([Type.Literal('active'), Type.Literal('draft')]),
  /** 1 runs first; reorder with POST /triggers/reorder. */
  priority: Type.Integer({ minimum: 1 }),
  /** null: every conversation. */
  audience_id: Type.Union([Id, Type.Null()]),
  /** Audience conditions written in the trigger itself (spec 2.8 fields and operators); all must hold too. */
  audience_conditions: Type.Optional(AudienceRootSchema),
  conditions: Type.Array(MessageConditionSchema),
  effects: Type.Array(TriggerEffectSchema),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Trigger = Static<typeof TriggerSchema>;

export const TriggerBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 120 }),
    state: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('draft')])),
    audience_id: Type.Optional(Type.Union([Id, Type.Null()])),
    audience_conditions: Type.Optional(AudienceRootSchema),
    conditions: Type.Array(MessageConditionSchema, { maxItems: 20, description: 'All must hold; none: every message (of the audience)' }),
    effects: Type.Array(TriggerEffectSchema, { minItems: 1, maxItems: 10 }),
  },
  closed,
);
export type TriggerBody = Static<typeof TriggerBody>;
export const TriggerPatchBody = Type.Partial(TriggerBody, closed);
export type TriggerPatchBody = Static<typeof TriggerPatchBody>;
export const TriggerReorderBody = Type.Object({ trigger_ids: Type.Array(Id, { minItems: 1, maxItems: 500, description: 'Every trigger of the project, first to run first' }) }, closed);
export const TriggerList = Type.Object({ data: Type.Array(TriggerSchema) });
export const TriggerParams = Type.Object({ project_id: Type.String(), trigger_id: Type.String() });

/** What ran before one AI reply: stored per visitor message (collection `trigger_runs`). */
export const TriggerRunSchema = Type.Object({
  /** The visitor message's id. */
  id: Id,
  conversation_id: Id,
  /** Ids of the triggers that fired, in the order they ran. */
  trigger_ids: Type.Array(Type.String()),
  blocked: Type.Boolean(),
  spam_score: Type.Number(),
  /** The built-in spam detection marked the conversation (spec 8.1.2: never billed, not in analytics). */
  spam: Type.Boolean(),
  labels_added: Type.Array(Type.String()),
  labels_removed: Type.Array(Type.String()),
  /** User labels the run added to or removed from the conversation's user. */
  user_labels_added: Type.Optional(Type.Array(Type.String())),
  user_labels_removed: Type.Optional(Type.Array(Type.String())),
  at: Timestamp,
});
export type TriggerRun = Static<typeof TriggerRunSchema>;
export const TriggerRunList = Type.Object({ data: Type.Array(TriggerRunSchema) });
export const TriggerRunQuery = Type.Object({ conversation_id: Id }, closed);
