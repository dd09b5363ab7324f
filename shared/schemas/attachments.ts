// Attachments over the API (spec 2.6; docs/attachments.md): one schema per shape. A file is uploaded
// as the raw request body (its Content-Type is a hint only; the bytes decide) and read back through
// a signed URL that expires.
import { Type, type Static } from 'typebox';
import { AttachmentRefSchema, ConversationSchema, MessageSchema } from './entities.js';
import { lean } from './lean.js';

const closed = { additionalProperties: false } as const;
const Id = Type.String({ format: 'uuid' });

export const AttachmentOut = lean(
  Type.Object({
    ...AttachmentRefSchema.properties,
    conversation_id: Id,
    /** The message that carries it. */
    message_id: Type.Union([Id, Type.Null()]),
    uploaded_by: Type.Union([Type.Literal('visitor'), Type.Literal('team'), Type.Literal('api')]),
    created_at: Type.String({ format: 'date-time' }),
    /** Signed download URL; works without credentials until `url_expires_at`. */
    url: Type.String(),
    url_expires_at: Type.String({ format: 'date-time' }),
  }),
);
export type AttachmentOut = Static<typeof AttachmentOut>;

export const AttachmentList = Type.Object({ data: Type.Array(AttachmentOut) });
export type AttachmentList = Static<typeof AttachmentList>;

export const AttachmentParams = Type.Object({ project_id: Id, attachment_id: Id }, closed);
export const ConversationAttachmentParams = Type.Object({ project_id: Id, conversation_id: Id }, closed);

export const UploadQuery = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'File name shown to readers (default `file.<ext>`)' })),
    caption: Type.Optional(Type.String({ minLength: 1, maxLength: 2000, description: 'Text of the message that carries the file (default: the file name)' })),
    type: Type.Optional(Type.Union([Type.Literal('message'), Type.Literal('comment')], { description: '`message` reaches the visitor; `comment` is an internal note' })),
    client_id: Type.Optional(Type.String({ minLength: 8, maxLength: 64 })),
    author_name: Type.Optional(Type.String({ minLength: 1, maxLength: 80 })),
  },
  closed,
);
export type UploadQuery = Static<typeof UploadQuery>;

export const UploadResult = lean(Type.Object({ attachment: AttachmentOut, message: MessageSchema }));

export const FileParams = Type.Object({ project_id: Id, attachment_id: Id }, closed);
export const FileQuery = Type.Object(
  {
    expires: Type.Integer({ minimum: 0, description: 'Unix seconds' }),
    signature: Type.String({ minLength: 1, maxLength: 200 }),
  },
  closed,
);
export type FileQuery = Static<typeof FileQuery>;

/** The widget's upload: the channel's frame id and the conversation the file goes into. */
export const VisitorUploadQuery = Type.Object(
  {
    frame_id: Type.String({ maxLength: 64 }),
    /** Left out before the first message: the file then starts the conversation. */
    conversation_id: Type.Optional(Id),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    client_id: Type.Optional(Type.String({ minLength: 8, maxLength: 64 })),
  },
  closed,
);
export type VisitorUploadQuery = Static<typeof VisitorUploadQuery>;

/**
 * A widget upload's answer. A file sent before the first message starts the conversation: then the
 * conversation and the visitor's new user and session tokens come with it (docs/attachments.md).
 */
export const VisitorUploadOut = Type.Object({
  attachment: AttachmentOut,
  message: MessageSchema,
  conversation: Type.Optional(ConversationSchema),
  user_token: Type.Optional(Type.String()),
  session_token: Type.Optional(Type.String()),
});
export type VisitorUploadOut = Static<typeof VisitorUploadOut>;

export const VisitorFileParams = Type.Object({ attachment_id: Id }, closed);
export const VisitorFileQuery = Type.Object({ frame_id: Type.String({ maxLength: 64 }) }, closed);
export const VisitorFileOut = Type.Object({ url: Type.String(), url_expires_at: Type.String({ format: 'date-time' }) });
