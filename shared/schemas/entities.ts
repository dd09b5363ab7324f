// Stored and returned shapes, one schema per shape (docs/architecture.md sections 2 and 7).
// The widget imports only the `Static` types from here (import type), never the builders.
import { OrgSettingsSchema } from './org-settings.js';
import { Type, type Static } from 'typebox';
import type { SimulationPin } from './simulations.js';
import { GuidanceTraceSchema } from './behaviour.js';

const Id = Type.String({ format: 'uuid' });
const Timestamp = Type.String({ format: 'date-time' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

export const OrganizationSchema = Type.Object({
  id: Id,
  name: Type.String(),
  plan: Type.Union([Type.Literal('standard'), Type.Literal('professional'), Type.Literal('enterprise')]),
  /** Enterprise plans get custom limits by agreement (spec section 8). */
  rate_limits: Type.Optional(Type.Object({ per_minute: Type.Integer(), per_day: Type.Integer() })),
  /** Defaults and data rules (shared/schemas/org-settings.ts); absent until first set. */
  settings: Type.Optional(OrgSettingsSchema),
  created_at: Timestamp,
});
export type Organization = Static<typeof OrganizationSchema>;

/** Team roles; what each may do in a project is in shared/roles.ts (docs/operators.md). */
export const MemberRoleSchema = Type.Union([Type.Literal('owner'), Type.Literal('admin'), Type.Literal('operator'), Type.Literal('member')]);
export type MemberRole = Static<typeof MemberRoleSchema>;

export const MemberSchema = Type.Object({
  id: Id,
  organization_id: Id,
  email: Type.String(),
  name: Type.String(),
  role: MemberRoleSchema,
  /** Shown with the member's replies in the widget (operator messages); https or data: URL. */
  avatar_url: Type.Optional(Type.String({ maxLength: 2048 })),
  /** scrypt hash `scrypt$N$r$p$salt$hash` (node:crypto). */
  password_hash: Type.String(),
  /** Invited with a temporary password: every call but changing it is refused until it is changed. */
  must_change_password: Type.Optional(Type.Boolean()),
  /** sha256 of a pending single-use invite link's secret, and when the link expires. */
  invite_hash: Type.Optional(Type.String()),
  invite_expires_at: Type.Optional(Timestamp),
  /** sha256 of a pending single-use password-reset link's secret, and when it expires (session/password-reset.ts). */
  reset_hash: Type.Optional(Type.String()),
  reset_expires_at: Type.Optional(Timestamp),
  created_at: Timestamp,
});
export type Member = Static<typeof MemberSchema>;

export const ProjectSchema = Type.Object({
  id: Id,
  organization_id: Id,
  name: Type.String(),
  /** The user pool this project's users live in (spec 2.4); projects of one organization may share one. */
  user_pool_id: Type.String({ format: 'uuid', description: 'The user pool of this project; projects of one organization may share a pool (spec 2.4)' }),
  created_at: Timestamp,
});
export type Project = Static<typeof ProjectSchema>;

/**
 * A user pool (spec 2.4): scoped to an organization, used by one or more of its projects. It has no
 * record of its own: a pool exists while a project names it, and lists the projects that do.
 */
export const UserPoolSchema = Type.Object({
  id: Id,
  organization_id: Id,
  project_ids: Type.Array(Id),
});
export type UserPool = Static<typeof UserPoolSchema>;

export const WidgetModeSchema = Type.Union([Type.Literal('launcher'), Type.Literal('inline'), Type.Literal('iframe')]);
export type WidgetMode = Static<typeof WidgetModeSchema>;

/**
 * A channel's texts in one language (docs/widget-voice-languages-a11y.md "Channel texts"): the name
 * in the widget header and the welcome message. Either may be left out to fall back to the default.
 */
export const ChannelTextsSchema = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
    greeting: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
  },
  { additionalProperties: false },
);
export type ChannelTexts = Static<typeof ChannelTextsSchema>;

/** Channel texts keyed by BCP 47 language tag (`de`, `ar`, `pt-BR`); the visitor's locale picks one. */
export const ChannelTextsByLocaleSchema = Type.Record(Type.String(), ChannelTextsSchema);

/**
 * A platform channel's connection (docs/channels.md): credentials sealed with the master key (never
 * returned, only masked), plain settings, and what the platform said about itself when connected.
 */
export const PlatformConnectionSchema = Type.Object({
  sealed: Type.Record(Type.String(), Type.String()),
  settings: Type.Record(Type.String(), Type.String()),
  identity: Type.Optional(Type.Record(Type.String(), Type.String())),
});
export type PlatformConnection = Static<typeof PlatformConnectionSchema>;

/** The file types an attachment may have (docs/attachments.md "Types"): recognised from the bytes. */
export const AttachmentTypeSchema = Type.Union([
  Type.Literal('image/png'),
  Type.Literal('image/jpeg'),
  Type.Literal('image/gif'),
  Type.Literal('image/webp'),
  Type.Literal('application/pdf'),
]);

/** A channel's limits for visitors' files (docs/attachments.md "Limits"); every field has a default. */
export const ChannelAttachmentsSchema = Type.Object({
  enabled: Type.Optional(Type.Boolean()),
  max_bytes: Type.Optional(Type.Integer({ minimum: 1024, maximum: 25 * 1024 * 1024 })),
  types: Type.Optional(Type.Array(AttachmentTypeSchema, { maxItems: 5 })),
}, { additionalProperties: false });
export type ChannelAttachments = Static<typeof ChannelAttachmentsSchema>;

/**
 * A channel (spec 2.10): a website widget, whose public `frame_id` is what the embed snippet names,
 * or a team-chat platform (docs/channels.md) with its `platform` connection.
 */
export const ChannelSchema = Type.Object({
  id: Id,
  project_id: Id,
  type: Type.Union([Type.Literal('website_widget'), Type.Literal('api'), Type.Literal('slack'), Type.Literal('zendesk'), Type.Literal('zammad'), Type.Literal('salesforce'), Type.Literal('mattermost')]),
  platform: Type.Optional(PlatformConnectionSchema),
  name: Type.String(),
  frame_id: Type.String(),
  /** Origins allowed to open the widget WebSocket; '*' allows any (the demo only). */
  allowed_origins: Type.Array(Type.String()),
  /** Per-channel overrides; the session cookie lifetime is one (spec 5.1). */
  session_ttl_days: Type.Optional(Type.Integer({ minimum: 1, maximum: 365 })),
  theme: Type.Optional(
    Type.Object({
      color: Type.Optional(Type.String()),
      position: Type.Optional(Type.Union([Type.Literal('right'), Type.Literal('left')])),
      z_index: Type.Optional(Type.Integer()),
    }),
  ),
  locale: Type.Optional(Type.String()),
  /** The welcome message in the channel's default language (`locale`, else English). */
  greeting: Type.Optional(Type.String()),
  /** Name and welcome message per language; the default `name`/`greeting` apply where one is missing. */
  texts: Type.Optional(ChannelTextsByLocaleSchema),
  /** HMAC secret for verified identity (spec 2.4); never returned by public endpoints. */
  identity_secret: Type.Optional(Type.String()),
  require_verified_identity: Type.Optional(Type.Boolean()),
  /** Microphone button in the widget (spec 10 voice input); on unless set to false. */
  voice_enabled: Type.Optional(Type.Boolean()),
  /** Visitors' file uploads in the widget: on, 10 MiB, images and PDFs unless set (docs/attachments.md). */
  attachments: Type.Optional(ChannelAttachmentsSchema),
  /** A request for a person (docs/operators.md "Handover"): `offer` (default), `immediate` or `off`. */
  handoff: Type.Optional(Type.Union([Type.Literal('offer'), Type.Literal('immediate'), Type.Literal('off')])),
  /** The alias whose build answers here (spec 2.10); absent: the draft, every edit at once. */
  alias: Type.Optional(Type.String()),
  created_at: Timestamp,
});
export type Channel = Static<typeof ChannelSchema>;

export const ApiKeySchema = Type.Object({
  id: Id,
  project_id: Id,
  name: Type.String(),
  environment: Type.Union([Type.Literal('live'), Type.Literal('test')]),
  permissions: Type.Array(Type.String()),
  /** sha256 of the full key, hex; the lookup index. */
  key_hash: Type.String(),
  /** Mask shown in lists, e.g. `sk_test_…AbCd`. */
  mask: Type.String(),
  /** AES-256-GCM copy for the spec 2.3 reveal, encrypted with the master key (never in the data files). */
  encrypted_key: Type.String(),
  created_at: Timestamp,
  last_used_at: Nullable(Timestamp),
});
export type ApiKey = Static<typeof ApiKeySchema>;

export const UserSchema = Type.Object({
  id: Id,
  /** Users belong to a user pool, not to one project (spec 2.4): every project using the pool sees them. */
  user_pool_id: Type.String({ format: 'uuid', description: 'The user pool this user lives in (spec 2.4)' }),
  first_name: Nullable(Type.String()),
  last_name: Nullable(Type.String()),
  email: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  external_id: Nullable(Type.String()),
  external_attributes: Type.Record(Type.String(), Type.Unknown()),
  timezone: Nullable(Type.String()),
  locales: Type.Array(Type.String()),
  labels: Type.Array(Type.String()),
  email_signed: Type.Boolean(),
  phone_signed: Type.Boolean(),
  external_id_signed: Type.Boolean(),
  /** Ids on team-chat and other platforms (spec 2.4), keyed `platform:workspace` (`slack:T123`). */
  platform_ids: Type.Optional(Type.Record(Type.String(), Type.String())),
  last_seen_at: Nullable(Timestamp),
  created_at: Timestamp,
});
export type User = Static<typeof UserSchema>;

export const SourceRefSchema = Type.Object({
  source_id: Type.String(),
  title: Type.String(),
  /** The heading of the cited section when the page has several (the url's #anchor lands on it). */
  section: Type.Optional(Type.String()),
  url: Nullable(Type.String()),
  snippet: Type.Optional(Type.String()),
  score: Type.Optional(Type.Number()),
});
export type SourceRef = Static<typeof SourceRefSchema>;

export const MessageRoleSchema = Type.Union([Type.Literal('user'), Type.Literal('assistant'), Type.Literal('operator')]);
export type MessageRole = Static<typeof MessageRoleSchema>;

export const MessageOutcomeSchema = Type.Union([Type.Literal('answer'), Type.Literal('suggestions'), Type.Literal('no_answer')]);
export type MessageOutcome = Static<typeof MessageOutcomeSchema>;

export const MessageAuthorSchema = Type.Object({
  /** The team member, or null for a reply sent with an API key. */
  member_id: Nullable(Id),
  name: Type.String(),
  avatar_url: Type.Optional(Type.String()),
});
export type MessageAuthor = Static<typeof MessageAuthorSchema>;

/**
 * A file on a message (spec 2.6 "optional attachments"; docs/attachments.md): what it is, never where
 * it is. The bytes are served only through signed, expiring URLs, which each reader asks for
 * (GET …/attachments/{id}), so a stored message never carries a link that goes stale.
 */
export const AttachmentRefSchema = Type.Object({
  id: Id,
  /** The uploader's file name, cleaned (no path, no control characters). */
  name: Type.String(),
  /** Sniffed from the bytes, never taken from the upload's declared type. */
  content_type: Type.String(),
  size: Type.Integer(),
});
export type AttachmentRef = Static<typeof AttachmentRefSchema>;

export const MessageSchema = Type.Object({
  id: Id,
  conversation_id: Id,
  /** Per-conversation sequence number (docs/architecture.md section 5). */
  seq: Type.Integer(),
  role: MessageRoleSchema,
  /** `handover`: the AI's note for the team when it escalates (escalate_to_human, spec 2.9); never shown to the visitor. */
  type: Type.Union([Type.Literal('message'), Type.Literal('comment'), Type.Literal('note'), Type.Literal('summary'), Type.Literal('handover')]),
  content: Type.String(),
  /** Client-generated id that makes re-sends idempotent (docs/architecture.md section 5). */
  client_id: Nullable(Type.String()),
  sources: Type.Array(SourceRefSchema),
  labels: Type.Array(Type.String()),
  /** Set on an assistant message that offers a human handoff (spec 2.9 offer_handoff). */
  offer_handoff: Type.Optional(Type.Boolean()),
  /**
   * How sure an assistant reply is (docs/knowledge.md "Answers"): `answer` cites its sources;
   * `suggestions` lists related sections (the sources) with the handoff offer; `no_answer` offers a
   * human. Absent on messages stored before it existed and on non-assistant messages.
   */
  outcome: Type.Optional(MessageOutcomeSchema),
  /** Who wrote an operator message or comment: shown to the visitor with the reply (docs/operators.md). */
  author: Type.Optional(MessageAuthorSchema),
  /** On an AI reply: the guidance rules, audiences and tools that shaped it (docs/behaviour.md). */
  guidance: Type.Optional(GuidanceTraceSchema),
  /** Files sent with the message (images, PDFs); absent when there are none. */
  attachments: Type.Optional(Type.Array(AttachmentRefSchema)),
  created_at: Timestamp,
});
export type Message = Static<typeof MessageSchema>;

export const ConversationStatusSchema = Type.Union([
  Type.Literal('active'),
  Type.Literal('resolved'),
  Type.Literal('escalated'),
  Type.Literal('abandoned'),
]);
export type ConversationStatus = Static<typeof ConversationStatusSchema>;

export const RatingSchema = Type.Union([
  Type.Integer({ minimum: 1, maximum: 5 }),
  Type.Literal('abandoned'),
  Type.Literal('unoffered'),
]);

export const ConversationSchema = Type.Object({
  id: Id,
  project_id: Id,
  user_id: Id,
  channel_id: Nullable(Type.String()),
  channel_type: Type.String(),
  status: ConversationStatusSchema,
  ai_involvement: Type.Union([
    Type.Literal('autonomous'),
    Type.Literal('public'),
    Type.Literal('private'),
    Type.Literal('not_involved'),
  ]),
  /** True while a human operator handles it: no AI replies then (docs/architecture.md section 6). */
  operator_active: Type.Boolean(),
  /**
   * Who holds it, apart from its status (docs/operators.md "Handover"): `ai` answers; `queue` waits
   * for a person (the AI is quiet); `operator` is a person's (the assignee's, when there is one).
   * `operator_active` is true exactly when it is not `ai`. Absent on conversations stored before it.
   */
  holder: Type.Optional(Type.Union([Type.Literal('ai'), Type.Literal('queue'), Type.Literal('operator')])),
  rating: Nullable(RatingSchema),
  rating_feedback: Nullable(Type.String()),
  topic: Nullable(Type.String()),
  /** Ids of the project's labels (GET /v1/projects/{id}/labels). */
  labels: Type.Array(Type.String()),
  /** Free-form tags. */
  tags: Type.Array(Type.String()),
  /** The team member the conversation is assigned to (docs/operators.md). */
  assignee_id: Type.Optional(Nullable(Id)),
  /**
   * Snoozed until this time (docs/operators.md "Snooze"): out of the team's open list until then, or
   * until the visitor writes; the status stays what it was. Null or absent: not snoozed.
   */
  snoozed_until: Type.Optional(Nullable(Timestamp)),
  external_id: Nullable(Type.String()),
  hidden: Type.Boolean(),
  spam: Type.Boolean(),
  message_count: Type.Integer(),
  last_seq: Type.Integer(),
  first_message_at: Nullable(Timestamp),
  last_message_at: Nullable(Timestamp),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Conversation = Static<typeof ConversationSchema>;

/** A project's label (spec 2.5, `label:read` / `label:upsert`): conversations carry label ids. */
export const LabelSchema = Type.Object({
  id: Id,
  project_id: Id,
  name: Type.String({ minLength: 1, maxLength: 80 }),
  color: Nullable(Type.String({ pattern: '^#[0-9a-fA-F]{6}$' })),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Label = Static<typeof LabelSchema>;

/** What the store keeps per conversation: the conversation and its messages in one shard file. */
/**
 * A webhook event written in the same write as the change it reports, until the relay stores its
 * deliveries (server/domains/webhooks/relay.ts); never sent to a client.
 */
export interface CarriedEvent {
  id: string;
  /** The change (its intent's id) the event belongs to. */
  change: string;
  type: string;
  data: Record<string, unknown>;
  at: string;
}

export interface ConversationRecord extends Conversation {
  messages: Message[];
  webhook_events?: CarriedEvent[];
  /** A hidden simulation's target and context (docs/behaviour.md "Simulations"); absent for real conversations. */
  simulation?: SimulationPin;
}
