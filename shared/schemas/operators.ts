// REST shapes of the operator workflow and labels (docs/operators.md), one schema per shape, shared
// by the server (validation, OpenAPI) and the team console (types).
import { Type, type Static } from 'typebox';
import { ConversationSchema, ConversationStatusSchema, LabelSchema, MessageSchema, SourceRefSchema } from './entities.js';
import { MESSAGE_MAX_LENGTH } from '../limits.js';
import { lean } from './lean.js';

const closed = { additionalProperties: false } as const;
const Id = Type.String({ format: 'uuid' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

export const LabelParams = Type.Object({ project_id: Id, label_id: Id }, closed);

/** An operator reply (`message`, seen by the visitor) or an internal `comment` (never seen by the visitor). */
export const OperatorMessageBody = Type.Object(
  {
    content: Type.String({ minLength: 1, maxLength: MESSAGE_MAX_LENGTH }),
    type: Type.Optional(Type.Union([Type.Literal('message'), Type.Literal('comment')], { default: 'message' })),
    /** Makes a re-send idempotent (as in the widget protocol). */
    client_id: Type.Optional(Type.String({ minLength: 8, maxLength: 64 })),
    /** The reply is the AI's draft, edited by the operator (AI involvement `private`). */
    from_draft: Type.Optional(Type.Boolean()),
    /** With an API key: the name shown to the visitor (default: the key's name). Ignored for a session. */
    author_name: Type.Optional(Type.String({ minLength: 1, maxLength: 80 })),
  },
  closed,
);
export type OperatorMessageBody = Static<typeof OperatorMessageBody>;

export const TypingBody = Type.Object({ typing: Type.Boolean() }, closed);

const TagList = Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 50 });
const LabelIdList = Type.Array(Id, { maxItems: 50 });

/** Manual changes by a team member or a key with conversation:write. Hiding is its own, irreversible call. */
export const ConversationPatchBody = Type.Object(
  {
    status: Type.Optional(ConversationStatusSchema),
    assignee_id: Type.Optional(Nullable(Id)),
    labels: Type.Optional(LabelIdList),
    tags: Type.Optional(TagList),
    topic: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 120 }))),
    snoozed_until: Type.Optional(
      Nullable(Type.String({ format: 'date-time', description: 'Snooze until this time (in the future, at most a year ahead); null wakes it now (docs/operators.md "Snooze")' })),
    ),
  },
  { ...closed, minProperties: 1 },
);
export type ConversationPatchBody = Static<typeof ConversationPatchBody>;

const ConversationIds = Type.Array(Id, { minItems: 1, maxItems: 100, uniqueItems: true });

export const BatchLabelsBody = Type.Object(
  { conversation_ids: ConversationIds, add: Type.Optional(LabelIdList), remove: Type.Optional(LabelIdList) },
  closed,
);
export type BatchLabelsBody = Static<typeof BatchLabelsBody>;

/** Hiding is permanent (spec 2.5, 3.4): the caller confirms it with `permanent: true`. */
export const HideBody = Type.Object(
  { permanent: Type.Literal(true, { description: 'Hiding cannot be undone; send true to confirm' }) },
  closed,
);
export const BatchHideBody = Type.Object({ conversation_ids: ConversationIds, permanent: Type.Literal(true) }, closed);
export type BatchHideBody = Static<typeof BatchHideBody>;

export const BatchResult = Type.Object({
  updated: Type.Array(Id),
  /** Ids that are not conversations of this project (or already hidden): nothing was done to them. */
  not_found: Type.Array(Id),
});
export type BatchResult = Static<typeof BatchResult>;

export const DraftResponse = lean(Type.Object({ content: Type.String(), sources: Type.Array(SourceRefSchema) }));
export const MessageOut = lean(MessageSchema);
export const ConversationOutOp = lean(ConversationSchema);

export const LabelBody = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 80 }), color: Type.Optional(Nullable(Type.String({ pattern: '^#[0-9a-fA-F]{6}$' }))) },
  closed,
);
export type LabelBody = Static<typeof LabelBody>;
export const LabelPatchBody = Type.Object(
  { name: Type.Optional(Type.String({ minLength: 1, maxLength: 80 })), color: Type.Optional(Nullable(Type.String({ pattern: '^#[0-9a-fA-F]{6}$' }))) },
  { ...closed, minProperties: 1 },
);
export type LabelPatchBody = Static<typeof LabelPatchBody>;
export const LabelOut = lean(LabelSchema);
/** A label with how many visible conversations carry it (the console's Labels page). */
export const LabelWithCount = Type.Object({ ...LabelSchema.properties, conversation_count: Type.Integer({ minimum: 0 }) });
export type LabelWithCount = Static<typeof LabelWithCount>;
export const LabelList = lean(Type.Object({ data: Type.Array(LabelWithCount) }));

export const OnlineList = Type.Object({
  data: Type.Array(Type.Object({ member_id: Id, name: Type.String(), role: Type.String() })),
});

export const ContactEmailSchema = Type.String({ maxLength: 320, pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' });

/**
 * The signed-in member's own profile as the visitor sees it with replies: name and avatar. An avatar
 * is a data: image (works under any site's CSP) or an https URL (shown where the site's img-src allows).
 */
export const ProfileBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 80 })),
    avatar_url: Type.Optional(
      Type.Union([
        Type.String({ maxLength: 48_000, pattern: '^data:image/(png|jpeg|webp|gif);base64,[A-Za-z0-9+/]+={0,2}$' }),
        Type.String({ maxLength: 2048, pattern: '^https://[^\\s]+$' }),
        Type.Null(),
      ]),
    ),
  },
  { ...closed, minProperties: 1 },
);
export type ProfileBody = Static<typeof ProfileBody>;
