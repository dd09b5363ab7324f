// Request and response schemas of the topics API (docs/api.md "Topics"). Client-sent objects are
// closed: unknown fields are a 400 (docs/architecture.md section 2).
import { Type, type Static } from 'typebox';

const closed = { additionalProperties: false } as const;
const Id = Type.String({ format: 'uuid' });
const Count = Type.Integer({ minimum: 0 });

export const TopicSchema = Type.Object({
  id: Id,
  name: Type.String({ description: "The conversations' `topic`: found from the topic's most telling words, or the team's name for it" }),
  auto_name: Type.String({ description: 'The name it was found with' }),
  conversations: Type.Object({
    total: Count,
    last_7_days: Count,
    previous_7_days: Count,
    direction: Type.Union([Type.Literal('rising'), Type.Literal('falling'), Type.Literal('steady')]),
  }),
  terms: Type.Array(Type.String(), { description: 'Its most telling words, most telling first' }),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
export type Topic = Static<typeof TopicSchema>;

export const TopicList = Type.Object({
  data: Type.Array(TopicSchema),
  unassigned: Type.Integer({ minimum: 0, description: 'Conversations with visitor questions that no topic holds yet' }),
  refreshed_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'When topics were last assigned' }),
});

export const TopicParams = Type.Object({ project_id: Id, topic_id: Id }, closed);

export const RenameBody = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 80, pattern: '\\S', description: "The topic's new name; its conversations' `topic` follows" }) },
  closed,
);
export type RenameBody = Static<typeof RenameBody>;

export const MergeBody = Type.Object({ into: Type.String({ format: 'uuid', description: 'The topic that keeps its name and takes the conversations' }) }, closed);
export type MergeBody = Static<typeof MergeBody>;

export const RefreshResult = Type.Object({
  assigned: Type.Integer({ minimum: 0, description: 'Conversations that joined an existing topic' }),
  created: Type.Integer({ minimum: 0, description: 'New topics found' }),
  created_conversations: Type.Integer({ minimum: 0, description: 'Conversations in the new topics' }),
});
export type RefreshResult = Static<typeof RefreshResult>;
