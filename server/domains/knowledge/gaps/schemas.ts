// Request and response schemas of the knowledge gaps API (docs/api.md "Knowledge gaps"). Client-sent
// objects are closed: unknown fields are a 400 (docs/architecture.md section 2).
import { Type, type Static } from 'typebox';

const closed = { additionalProperties: false } as const;
const Id = Type.String({ format: 'uuid' });
const Timestamp = Type.String({ format: 'date-time' });
const Count = Type.Integer({ minimum: 0 });

export const DEFAULT_GAP_DAYS = 30;

export const GapSchema = Type.Object({
  id: Type.String({ format: 'uuid', description: "The group's first question's message id: stable while new questions arrive" }),
  question: Type.String({ description: "The visitors' most frequent phrasing" }),
  phrasings: Type.Array(Type.Object({ text: Type.String(), count: Count }), { description: 'Every distinct phrasing (up to 100), most frequent first' }),
  count: Type.Integer({ minimum: 1, description: 'Questions in the group' }),
  conversation_count: Count,
  reasons: Type.Object(
    { no_answer: Count, suggestions: Count, handover: Count },
    { description: "Why each question counts: the AI's reply had that outcome, or the conversation went to a person next" },
  ),
  trend: Type.Object({
    last_7_days: Count,
    previous_7_days: Count,
    direction: Type.Union([Type.Literal('rising'), Type.Literal('falling'), Type.Literal('steady')]),
  }),
  first_seen_at: Timestamp,
  last_seen_at: Timestamp,
  conversation_ids: Type.Array(Id, { description: 'Up to 5 conversations that asked it, the latest first' }),
});
export type Gap = Static<typeof GapSchema>;

export const GapList = Type.Object({ data: Type.Array(GapSchema), has_more: Type.Boolean() });

export const GapQuery = Type.Object(
  {
    days: Type.Optional(Type.Integer({ minimum: 14, maximum: 365, default: DEFAULT_GAP_DAYS, description: 'Questions of this many days back' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
    starting_after: Type.Optional(Id),
  },
  closed,
);
export type GapQuery = Static<typeof GapQuery>;

export const GapParams = Type.Object({ project_id: Id, gap_id: Id }, closed);
export const QuestionParams = Type.Object({ project_id: Id, conversation_id: Id, message_id: Id }, closed);

export const AnswerBody = Type.Object(
  {
    content: Type.String({ minLength: 1, maxLength: 100_000, description: 'The answer, plain text or Markdown' }),
    question: Type.Optional(Type.String({ minLength: 1, maxLength: 1000, description: "The snippet's FAQ question; default: the visitors' phrasing" })),
    title: Type.Optional(Type.String({ maxLength: 300 })),
    data_provider_id: Type.Optional(Type.String({ format: 'uuid', description: 'A manual provider; default: the oldest manual provider, or a new one named FAQ' })),
  },
  closed,
);
export type AnswerBody = Static<typeof AnswerBody>;
