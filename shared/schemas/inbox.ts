// Shapes of the inbox as a work queue (docs/api.md "Conversations"): the conversation list's own
// parameters beside the spec 10 filters (full-text `q`, one visitor's conversations, the Waiting
// view), each list item's preview of the latest reply, and the per-view counts. Kept apart from
// api.ts so the list's growth does not touch the filters the metrics share.
import { Type, type Static } from 'typebox';
import { ConversationSchema, MessageRoleSchema } from './entities.js';
import { ConversationFilterProps, ListOf, PageQueryProps } from './api.js';
import { lean } from './lean.js';

const closed = { additionalProperties: false } as const;
const Id = Type.String({ format: 'uuid' });

export const ConversationListOnlyProps = {
  q: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'Full-text search: conversations with a message or internal note containing this text, case- and accent-insensitive',
    }),
  ),
  user_id: Type.Optional(Id),
  waiting: Type.Optional(Type.Boolean({ description: 'true: escalated and in the queue, no person holds it yet (the inbox\'s "Waiting")' })),
};

export const InboxListQuery = Type.Object({ ...PageQueryProps, ...ConversationFilterProps, ...ConversationListOnlyProps }, closed);
export type InboxListQuery = Static<typeof InboxListQuery>;

/** The list filters without paging, and whose conversations `mine` counts. */
export const ConversationCountsQuery = Type.Object(
  {
    ...ConversationFilterProps,
    ...ConversationListOnlyProps,
    member_id: Type.Optional(Type.String({ description: 'The team member whose conversations `mine` counts (0 without it)' })),
  },
  closed,
);
export type ConversationCountsQuery = Static<typeof ConversationCountsQuery>;

export const ConversationCounts = Type.Object({
  all: Type.Integer(),
  mine: Type.Integer({ description: 'Assigned to `member_id`' }),
  unassigned: Type.Integer(),
  waiting: Type.Integer({ description: 'Escalated and in the queue' }),
});
export type ConversationCounts = Static<typeof ConversationCounts>;

/** The latest visitor, AI or team reply of a conversation (not notes), cut to a preview. */
export const LastMessageSchema = Type.Object({
  role: MessageRoleSchema,
  content: Type.String({ description: 'At most 200 characters, whitespace collapsed' }),
  created_at: Type.String({ format: 'date-time' }),
});
export type LastMessage = Static<typeof LastMessageSchema>;

export const ConversationListItemSchema = Type.Object({ ...ConversationSchema.properties, last_message: Type.Union([LastMessageSchema, Type.Null()]) });
export type ConversationListItem = Static<typeof ConversationListItemSchema>;
export const ConversationListPage = lean(ListOf(ConversationListItemSchema));
