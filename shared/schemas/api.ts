// REST request and response schemas of the /v1 API, one per shape, shared by the server
// (validation, serialisation, OpenAPI) and by any client that wants the types (docs/architecture.md section 2).
// Every object that the client sends is closed (`additionalProperties: false`): unknown fields are a 400.
import { Type, type Static } from 'typebox';
import { OrgSettingsPatch } from './org-settings.js';
import {
  ApiKeySchema,
  ConversationSchema,
  ConversationStatusSchema,
  MemberRoleSchema,
  MessageSchema,
  OrganizationSchema,
  ProjectSchema,
  SourceRefSchema,
  UserPoolSchema,
  UserSchema,
} from './entities.js';
import { PERMISSIONS } from '../permissions.js';
import { MESSAGE_MAX_LENGTH } from '../limits.js';
import { lean } from './lean.js';
import { VisitorContextSchema } from './visitor.js';

const closed = { additionalProperties: false } as const;
const Id = Type.String({ format: 'uuid' });
const DateTime = Type.String({ format: 'date-time' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

// ---- errors (docs/architecture.md section 2: one flat body) ----
/** Open on purpose: extras such as `details`, `retry_after` or `required_permissions` must survive serialisation. */
export const ErrorSchema = Type.Object(
  {
    error: Type.String({ description: 'Stable snake_case code' }),
    message: Type.String(),
    details: Type.Optional(Type.Array(Type.Object({ path: Type.String(), message: Type.String() }))),
    required_permissions: Type.Optional(Type.Array(Type.String())),
    retry_after: Type.Optional(Type.Integer()),
    request_id: Type.Optional(Type.String({ description: 'Names this request in the server log; quote it when reporting a problem' })),
  },
  { additionalProperties: true },
);

// ---- path and pagination ----
export const ProjectParams = Type.Object({ project_id: Id }, closed);
export const ConversationParams = Type.Object({ project_id: Id, conversation_id: Id }, closed);
export const UserParams = Type.Object({ project_id: Id, user_id: Id }, closed);
export const ProjectKeyParams = Type.Object({ project_id: Id, key_id: Id }, closed);
export const MemberParams = Type.Object({ member_id: Id }, closed);

/** Cursor pagination (docs/architecture.md section 2); lists are newest first. */
export const PageQueryProps = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  starting_after: Type.Optional(Id),
  ending_before: Type.Optional(Id),
};
export const ListOf = <T extends Parameters<typeof Type.Array>[0]>(item: T) =>
  Type.Object({ data: Type.Array(item), has_more: Type.Boolean() });

// ---- conversations (spec 4) ----
/** The spec 10 conversation filters, shared by the list and the metrics (docs/operators.md). */
export const ConversationFilterProps = {
  status: Type.Optional(
    Type.Array(Type.Union([ConversationStatusSchema, Type.Literal('unresolved')]), {
      description: 'Data-model (active, resolved, escalated, abandoned) or analytics values (unresolved = active or abandoned; docs/operators.md). Repeat: status=resolved&status=escalated',
    }),
  ),
  involvement: Type.Optional(
    Type.Array(Type.Union([Type.Literal('autonomous'), Type.Literal('public'), Type.Literal('private'), Type.Literal('not_involved')]), { description: 'AI involvement levels' }),
  ),
  topic: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
  tags: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { description: 'Conversations carrying any of these tags' })),
  assignee_id: Type.Optional(Type.String({ description: 'A team member id, or `none` for unassigned conversations' })),
  operator_active: Type.Optional(Type.Boolean({ description: 'true: a human currently handles it' })),
  snoozed: Type.Optional(Type.Boolean({ description: 'true: snoozed conversations only; false: leaves them out (the open list; docs/operators.md "Snooze")' })),
  channel: Type.Optional(Type.String({ description: 'A channel id, or a channel type such as `api` or `website_widget`' })),
  rating: Type.Optional(
    Type.Array(Type.Union([Type.Literal('1'), Type.Literal('2'), Type.Literal('3'), Type.Literal('4'), Type.Literal('5'), Type.Literal('abandoned'), Type.Literal('unoffered')])),
  ),
  labels: Type.Optional(Type.Array(Type.String({ minLength: 1 }), { description: 'Conversations carrying any of these labels' })),
  created_after: Type.Optional(DateTime),
  created_before: Type.Optional(DateTime),
};

export const ConversationListQuery = Type.Object(
  {
    ...PageQueryProps,
    ...ConversationFilterProps,
  },
  closed,
);
export type ConversationListQuery = Static<typeof ConversationListQuery>;

export const CreateConversationBody = Type.Object(
  {
    user_id: Type.String({ minLength: 1, maxLength: 200, description: 'A Parley user id, or your own external user id (created on first use)' }),
    message: Type.String({ minLength: 1, maxLength: MESSAGE_MAX_LENGTH, description: 'The first user message' }),
    external_id: Type.Optional(Type.String({ maxLength: 200 })),
  },
  closed,
);
export type CreateConversationBody = Static<typeof CreateConversationBody>;

// Response schemas go through lean() for fast serialisation (see lean.ts).
export const ConversationOut = lean(ConversationSchema);
export const ConversationWithMessages = lean(Type.Object({ ...ConversationSchema.properties, messages: Type.Array(MessageSchema) }));
/** GET one conversation: with its messages and, for a widget conversation, the visitor's page, device and languages (else null). */
export const ConversationDetail = lean(
  Type.Object({ ...ConversationSchema.properties, messages: Type.Array(MessageSchema), visitor: Nullable(VisitorContextSchema) }),
);
export const ConversationList = lean(ListOf(ConversationSchema));

export const GenerateResponse = lean(Type.Object({ message: MessageSchema, sources: Type.Array(SourceRefSchema) }));

// ---- users (spec 2.4, 4) ----
const Name = Nullable(Type.String({ maxLength: 200 }));
const Email = Nullable(Type.String({ maxLength: 320, pattern: '^[^\\s@]+@[^\\s@]+$' }));
const Attributes = Type.Record(Type.String(), Type.Unknown());
/** User labels (spec 2.4): names, not a project's label ids, since a user pool spans projects. */
const UserLabels = Type.Array(Type.String({ minLength: 1, maxLength: 80 }), {
  maxItems: 50,
  description: 'Labels of the user: names (trimmed, unique without regard to case); replaces the stored list. Audiences match them as `user.labels`.',
});

export const UserListQuery = Type.Object(
  {
    ...PageQueryProps,
    email: Type.Optional(Type.String()),
    phone: Type.Optional(Type.String()),
    external_id: Type.Optional(Type.String()),
  },
  closed,
);
export type UserListQuery = Static<typeof UserListQuery>;

export const CreateUserBody = Type.Object(
  {
    first_name: Type.Optional(Name),
    last_name: Type.Optional(Name),
    email: Type.Optional(Email),
    phone: Type.Optional(Nullable(Type.String({ maxLength: 40, pattern: '^\\+?[0-9\\s().-]{3,}$' }))),
    external_id: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 200 }))),
    external_attributes: Type.Optional(Attributes),
    timezone: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
    locales: Type.Optional(Type.Array(Type.String({ maxLength: 35 }), { maxItems: 20 })),
    labels: Type.Optional(UserLabels),
  },
  closed,
);
export type CreateUserBody = Static<typeof CreateUserBody>;

/** Spec 4: all optional; external_attributes are merged key by key into the stored ones (a key sent as null is stored as null). */
export const PatchUserBody = Type.Object(
  {
    first_name: Type.Optional(Name),
    last_name: Type.Optional(Name),
    email: Type.Optional(Email),
    external_attributes: Type.Optional(Attributes),
    labels: Type.Optional(UserLabels),
  },
  closed,
);
export type PatchUserBody = Static<typeof PatchUserBody>;

export const UserOut = lean(UserSchema);
export const UserList = lean(ListOf(UserSchema));

// ---- metrics (spec 4, 10) ----
export const MetricsQuery = Type.Object(
  {
    start_date: Type.Optional(DateTime),
    end_date: Type.Optional(DateTime),
    group_by: Type.Optional(Type.Literal('day', { default: 'day' })),
    tz: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'IANA time zone whose calendar days the rows are; default: the organization\'s time zone (UTC unless set)' })),
    // The conversation filters (spec 10) narrow which conversations count; the date range stays start/end_date.
    status: ConversationFilterProps.status,
    involvement: ConversationFilterProps.involvement,
    channel: ConversationFilterProps.channel,
    labels: ConversationFilterProps.labels,
    tags: ConversationFilterProps.tags,
    topic: ConversationFilterProps.topic,
    rating: ConversationFilterProps.rating,
  },
  closed,
);
export type MetricsQuery = Static<typeof MetricsQuery>;

export const MetricsRow = Type.Object({
  date: Type.String({ description: 'Calendar day in the report\'s time zone (`tz`), YYYY-MM-DD' }),
  messages: Type.Integer({ description: 'User messages sent that day' }),
  conversations: Type.Integer({ description: 'Conversations started that day' }),
  unique_users: Type.Integer({ description: 'Distinct users who sent a message that day' }),
  rated_conversations: Type.Integer(),
  csat_score: Nullable(Type.Number({ description: 'Share (0-1) of 4-5 star ratings among rated conversations started that day' })),
  resolution_rate: Nullable(Type.Number({ description: 'Share (0-1) of conversations started that day that are resolved without ever being escalated or abandoned (spec 10)' })),
});
export const MetricsResponse = Type.Object({
  start_date: DateTime,
  end_date: DateTime,
  group_by: Type.Literal('day'),
  data: Type.Array(MetricsRow),
  totals: Type.Omit(MetricsRow, ['date']),
});
export type MetricsRow = Static<typeof MetricsRow>;
export type MetricsResponse = Static<typeof MetricsResponse>;

// ---- organization API: session, team, settings, billing, API keys ----
export const PublicMemberSchema = Type.Object({
  id: Id,
  organization_id: Id,
  email: Type.String(),
  name: Type.String(),
  role: MemberRoleSchema,
  /** Shown with the member's replies in the widget (docs/operators.md). */
  avatar_url: Type.Optional(Type.String()),
  /** Signed in with a temporary password: the console shows only the change-password screen. */
  must_change_password: Type.Optional(Type.Boolean()),
  created_at: DateTime,
});

export const LoginBody = Type.Object(
  { email: Type.String({ minLength: 3, maxLength: 320 }), password: Type.String({ minLength: 1, maxLength: 1024 }) },
  closed,
);
export type LoginBody = Static<typeof LoginBody>;

export const SessionOut = Type.Object({
  member: PublicMemberSchema,
  organization: OrganizationSchema,
  csrf_token: Type.String({ description: 'Send it back in the X-CSRF-Token header on every state-changing org call' }),
  expires_at: DateTime,
});

export const OrgPatchBody = Type.Object({ name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })), settings: Type.Optional(OrgSettingsPatch) }, closed);
export const BillingPatchBody = Type.Object(
  {
    plan: Type.Optional(Type.Union([Type.Literal('standard'), Type.Literal('professional'), Type.Literal('enterprise')])),
    rate_limits: Type.Optional(
      Type.Object({ per_minute: Type.Integer({ minimum: 1 }), per_day: Type.Integer({ minimum: 1 }) }, closed),
    ),
  },
  closed,
);
export const BillingOut = Type.Object({
  plan: OrganizationSchema.properties.plan,
  rate_limits: Type.Object({ per_minute: Type.Integer(), per_day: Type.Integer(), burst_per_minute: Type.Integer(), burst_seconds: Type.Integer() }),
  period: Type.Object({ start: DateTime, end: DateTime }),
  usage: Type.Object({
    chat_messages: Type.Integer({ description: 'AI replies this period on non-ticketing channels (spec 8.1)' }),
    ticketing_messages: Type.Integer(),
    projects: Type.Integer(),
  }),
});

export const InviteMemberBody = Type.Object(
  {
    email: Type.String({ minLength: 3, maxLength: 320 }),
    name: Type.Optional(Type.String({ maxLength: 200 })),
    role: Type.Optional(MemberRoleSchema),
    password: Type.Optional(Type.String({ minLength: 8, maxLength: 1024 })),
    /** `link`: a single-use invite link (7 days) instead of a temporary password. */
    invite: Type.Optional(Type.Literal('link')),
  },
  closed,
);
export const PatchMemberBody = Type.Object({ role: MemberRoleSchema }, closed);
export const InvitedMemberOut = Type.Object({
  member: PublicMemberSchema,
  temporary_password: Nullable(Type.String({ description: 'Shown once when the server generated it' })),
  invite_url: Type.Optional(Type.String({ description: 'Single-use sign-up link, shown once (invite: link)' })),
  invite_emailed: Type.Optional(Type.Boolean({ description: 'invite: link: whether the link was also e-mailed to the member (false without SMTP_URL)' })),
});

export const PermissionSchema = Type.Union(PERMISSIONS.map((p) => Type.Literal(p)));
export const PublicApiKeySchema = lean(Type.Omit(ApiKeySchema, ['key_hash', 'encrypted_key']));
export const CreateApiKeyBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    permissions: Type.Array(PermissionSchema, { minItems: 1, uniqueItems: true }),
    environment: Type.Optional(Type.Union([Type.Literal('live'), Type.Literal('test')])),
  },
  closed,
);
export type CreateApiKeyBody = Static<typeof CreateApiKeyBody>;
export const PatchApiKeyBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    permissions: Type.Optional(Type.Array(PermissionSchema, { minItems: 1, uniqueItems: true })),
  },
  closed,
);
export const CreatedApiKeyOut = Type.Object({
  api_key: PublicApiKeySchema,
  key: Type.String({ description: 'The full key, shown only in this response' }),
});
export const RevealedKeyOut = Type.Object({ key: Type.String() });
export const ProjectOut = ProjectSchema;

// ---- projects and user pools (spec 2.2, 2.4) ----
export const CreateProjectBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    user_pool_id: Type.Optional(
      Type.String({ format: 'uuid', description: 'Share the user pool of another project of this organization; omit for a pool of its own' }),
    ),
  },
  closed,
);
export type CreateProjectBody = Static<typeof CreateProjectBody>;
export const UserPoolOut = UserPoolSchema;
