// Behaviour control (spec 2.7 guidance rules, 2.8 audiences, profiles): one schema per shape, used
// by request validation, the TypeScript types and the OpenAPI document (docs/behaviour.md).
import { Type, type Static } from 'typebox';
import { ToolboxIdSchema } from './toolboxes.js';

const Id = Type.String({ minLength: 1, maxLength: 64 });
const Timestamp = Type.String({ format: 'date-time' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const closed = { additionalProperties: false } as const;

// ---- audiences (spec 2.8) ------------------------------------------------------------------
export const AudienceConditionSchema = Type.Object(
  {
    type: Type.Literal('condition'),
    /** A key of AUDIENCE_FIELDS (shared/schemas/audience-fields.ts), e.g. `user.email`, `time.hour`. */
    field: Type.String({ minLength: 1, maxLength: 100, description: 'A field of the spec 2.8 catalogue, e.g. user.email, channel.browser_url, time.hour' }),
    operator: Type.String({ minLength: 1, maxLength: 40, description: 'An operator valid for the field type (docs/behaviour.md)' }),
    /** Checked against the field type and operator by the server: string, number, [a, b], list, {amount, unit}. */
    value: Type.Optional(Type.Unknown({ description: 'Operand; its shape depends on the operator (docs/behaviour.md)' })),
    /** JSON fields: a dot path into the object (`plan`, `address.country`, `items.0`). */
    path: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    /** Date and time fields: read in the user's timezone (default; the project's when the user has none) or the project's. */
    timezone: Type.Optional(Type.Union([Type.Literal('user'), Type.Literal('project')])),
  },
  closed,
);
export type AudienceCondition = Static<typeof AudienceConditionSchema>;

const Combinator = Type.Union([Type.Literal('and'), Type.Literal('or')]);
// Nesting is bounded (a group inside a group inside the root) so the schema stays finite for OpenAPI.
const InnerGroup = Type.Object({ type: Type.Literal('group'), combinator: Combinator, conditions: Type.Array(AudienceConditionSchema, { maxItems: 50 }) }, closed);
export const AudienceGroupSchema = Type.Object(
  { type: Type.Literal('group'), combinator: Combinator, conditions: Type.Array(Type.Union([AudienceConditionSchema, InnerGroup]), { maxItems: 50 }) },
  closed,
);
export type AudienceGroup = Static<typeof AudienceGroupSchema>;
export type AudienceNode = AudienceCondition | AudienceGroup | Static<typeof InnerGroup>;

/** The root group always combines with AND (spec 2.8); its items are conditions and nested groups. */
export const AudienceRootSchema = Type.Array(Type.Union([AudienceConditionSchema, AudienceGroupSchema]), {
  maxItems: 50,
  description: 'Conditions and nested groups, all of which must hold (the root group is AND)',
});

export const AudienceSchema = Type.Object({
  id: Id,
  project_id: Id,
  name: Type.String(),
  description: Type.String(),
  conditions: AudienceRootSchema,
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Audience = Static<typeof AudienceSchema>;

export const AudienceBody = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 120 }), description: Type.Optional(Type.String({ maxLength: 2000 })), conditions: AudienceRootSchema },
  closed,
);
export type AudienceBody = Static<typeof AudienceBody>;
export const AudiencePatchBody = Type.Partial(AudienceBody, closed);
export type AudiencePatchBody = Static<typeof AudiencePatchBody>;
export const AudienceList = Type.Object({ data: Type.Array(AudienceSchema) });
export const AudienceParams = Type.Object({ project_id: Type.String(), audience_id: Type.String() });

// ---- guidance rules (spec 2.7) ---------------------------------------------------------------
export const GuidanceStateSchema = Type.Union([Type.Literal('active'), Type.Literal('draft')]);

export const GuidanceRuleSchema = Type.Object({
  id: Id,
  project_id: Id,
  profile_id: Id,
  name: Type.String(),
  instructions: Type.String(),
  /** Maintained by the server from the tool names written in backticks in `instructions`. */
  allowed_tools: Type.Array(Type.String()),
  /** null: Everyone (conversations matching none of the rules' audiences). */
  audience_id: Nullable(Id),
  state: GuidanceStateSchema,
  /** 1 is evaluated first; reorder with POST /guidance-rules/reorder. */
  priority: Type.Integer({ minimum: 1 }),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type GuidanceRule = Static<typeof GuidanceRuleSchema>;

/** A rule as a write returns it: backticked names that are no tool of the profile are flagged, not kept. */
export const GuidanceRuleOut = Type.Intersect([GuidanceRuleSchema, Type.Object({ unknown_tools: Type.Array(Type.String()) })]);

export const GuidanceBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 120 }),
    instructions: Type.String({ minLength: 1, maxLength: 8000 }),
    audience_id: Type.Optional(Nullable(Id)),
    state: Type.Optional(GuidanceStateSchema),
    /** Default: the project's default profile. */
    profile_id: Type.Optional(Id),
  },
  closed,
);
export type GuidanceBody = Static<typeof GuidanceBody>;
export const GuidancePatchBody = Type.Partial(Type.Omit(GuidanceBody, ['profile_id']), closed);
export type GuidancePatchBody = Static<typeof GuidancePatchBody>;
export const GuidanceReorderBody = Type.Object(
  { profile_id: Type.Optional(Id), rule_ids: Type.Array(Id, { minItems: 1, maxItems: 500, description: "Every rule of the profile, in the new priority order" }) },
  closed,
);
export const GuidanceList = Type.Object({ data: Type.Array(GuidanceRuleSchema) });
export const GuidanceQuery = Type.Object({ profile_id: Type.Optional(Id) }, closed);
export const GuidanceParams = Type.Object({ project_id: Type.String(), rule_id: Type.String() });

/** Stored on each AI reply (`message.guidance`): which rules shaped it and what they allowed. */
export const GuidanceTraceSchema = Type.Object({
  profile_id: Type.String(),
  /** Ids of the matching active rules, in priority order. */
  rule_ids: Type.Array(Type.String()),
  /** Ids of the audiences the conversation matched (of those the profile's rules use). */
  audience_ids: Type.Array(Type.String()),
  /** True when no audience matched and the Everyone rules applied. */
  everyone: Type.Boolean(),
  /** Tools the reply could use. */
  allowed_tools: Type.Array(Type.String()),
  /** The build that answered (the channel's alias, spec 2.10); null or absent: the draft. */
  deployment: Type.Optional(Nullable(Type.Integer())),
});
export type GuidanceTrace = Static<typeof GuidanceTraceSchema>;

// ---- profiles --------------------------------------------------------------------------------
/**
 * Built-in actions a profile can enable (spec 2.9), one by one or through toolboxes
 * (shared/schemas/toolboxes.ts); search tables are attached per profile.
 */
export const BUILTIN_ACTIONS = [
  'search_knowledge',
  'offer_handoff',
  'escalate_to_human',
  'search_web',
  'fetch_page',
  'set_label',
  'set_user_attribute',
  'current_time',
] as const;
/**
 * What a new profile enables. `escalate_to_human` hands the conversation to the team's queue with a
 * note and no confirmation from the visitor, so a site owner turns it on deliberately.
 */
export const DEFAULT_ACTIONS: readonly (typeof BUILTIN_ACTIONS)[number][] = ['search_knowledge', 'offer_handoff'];

export const ModelSettingsSchema = Type.Object(
  {
    provider: Type.Union([Type.Literal('server'), Type.Literal('offline')], { description: '`server`: the LLM configured by OPENAI_* (offline when unset)' }),
    model: Nullable(Type.String({ minLength: 1, maxLength: 200 })),
    temperature: Nullable(Type.Number({ minimum: 0, maximum: 2 })),
    max_tokens: Nullable(Type.Integer({ minimum: 1, maximum: 32000 })),
    max_tool_rounds: Nullable(Type.Integer({ minimum: 0, maximum: 8 })),
  },
  closed,
);
export type ModelSettings = Static<typeof ModelSettingsSchema>;

const ActionName = Type.Union(BUILTIN_ACTIONS.map((a) => Type.Literal(a)));

/** The profile every project has (id `default`): the one replies use until deployments choose another. */
export const DEFAULT_PROFILE_ID = 'default';

export const ProfileSchema = Type.Object({
  id: Id,
  project_id: Id,
  name: Type.String(),
  is_default: Type.Boolean(),
  model: ModelSettingsSchema,
  enabled_actions: Type.Array(Type.String()),
  /** Toolboxes whose actions join `enabled_actions`; absent on profiles stored before toolboxes: none. */
  toolboxes: Type.Optional(Type.Array(Type.String())),
  /** External tool servers (MCP) enabled on the profile; absent on profiles stored before them: none. */
  mcp_server_ids: Type.Optional(Type.Array(Type.String())),
  /** IANA timezone of the project for audience time conditions. */
  timezone: Type.String(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Profile = Static<typeof ProfileSchema>;

/** A profile as the API returns it, with its attached search tables and its rules in priority order. */
export const ProfileOut = Type.Intersect([
  ProfileSchema,
  Type.Object({
    search_tables: Type.Array(Type.Object({ table_id: Type.String(), name: Type.String(), description: Type.String() })),
    guidance_rule_ids: Type.Array(Type.String()),
    toolboxes: Type.Array(Type.String()),
    mcp_server_ids: Type.Array(Type.String()),
    /** `enabled_actions` plus its toolboxes' actions: the built-in tools replies may be offered. */
    effective_actions: Type.Array(Type.String()),
  }),
]);

export const ProfileBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 120 }),
    model: Type.Optional(Type.Partial(ModelSettingsSchema, closed)),
    enabled_actions: Type.Optional(Type.Array(ActionName, { uniqueItems: true })),
    toolboxes: Type.Optional(Type.Array(ToolboxIdSchema, { uniqueItems: true, description: 'Toolboxes (GET /toolboxes) whose actions join enabled_actions' })),
    mcp_server_ids: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { uniqueItems: true, maxItems: 20, description: 'External tool servers (GET /mcp-servers) whose exposed tools replies may call' })),
    timezone: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'IANA timezone, e.g. Europe/Berlin (default UTC)' })),
  },
  closed,
);
export type ProfileBody = Static<typeof ProfileBody>;
export const ProfilePatchBody = Type.Partial(ProfileBody, closed);
export type ProfilePatchBody = Static<typeof ProfilePatchBody>;
export const ProfileList = Type.Object({ data: Type.Array(ProfileOut) });
export const ProfileParams = Type.Object({ project_id: Type.String(), profile_id: Type.String() });
