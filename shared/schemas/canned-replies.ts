// Canned replies (docs/operators.md "Canned replies"): a project's saved answers,
// each with a shortcut the reply box completes after `/`. Shared by the server (validation, OpenAPI)
// and the team console (types).
import { Type, type Static } from 'typebox';
import { MESSAGE_MAX_LENGTH } from '../limits.js';
import { lean } from './lean.js';

const closed = { additionalProperties: false } as const;
const Id = Type.String({ format: 'uuid' });
const Timestamp = Type.String({ format: 'date-time' });

/** Lower-case letters, digits, `-` and `_`, as typed after `/` in the reply box. */
export const SHORTCUT_PATTERN = '^[a-z0-9][a-z0-9_-]{0,31}$';
const Shortcut = Type.String({ pattern: SHORTCUT_PATTERN, minLength: 1, maxLength: 32, description: 'Typed after `/` in the reply box: lower-case letters, digits, - and _' });
const Title = Type.String({ minLength: 1, maxLength: 80 });
const Content = Type.String({ minLength: 1, maxLength: MESSAGE_MAX_LENGTH });

export const CannedReplySchema = Type.Object({
  id: Id,
  project_id: Id,
  shortcut: Shortcut,
  title: Title,
  content: Content,
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type CannedReply = Static<typeof CannedReplySchema>;

export const CannedReplyParams = Type.Object({ project_id: Id, canned_reply_id: Id }, closed);
export const CannedReplyBody = Type.Object({ shortcut: Shortcut, title: Title, content: Content }, closed);
export type CannedReplyBody = Static<typeof CannedReplyBody>;
export const CannedReplyPatchBody = Type.Object(
  { shortcut: Type.Optional(Shortcut), title: Type.Optional(Title), content: Type.Optional(Content) },
  { ...closed, minProperties: 1 },
);
export type CannedReplyPatchBody = Static<typeof CannedReplyPatchBody>;
export const CannedReplyOut = lean(CannedReplySchema);
export const CannedReplyList = lean(Type.Object({ data: Type.Array(CannedReplySchema) }));
