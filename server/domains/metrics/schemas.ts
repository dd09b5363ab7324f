// The metrics answer (spec 4, 10): the daily rows and totals of shared/schemas/api.ts, plus what the
// console's analytics page shows beside the cards: how the conversations of the range were rated
// and how many were spam, and their topics.
import { Type, type Static } from 'typebox';
import { MetricsResponse } from '../../../shared/schemas/api.js';

const Count = (description: string) => Type.Integer({ minimum: 0, description });

export const RatingDistribution = Type.Object(
  {
    '1': Count('Conversations rated 1 star'),
    '2': Count('Conversations rated 2 stars'),
    '3': Count('Conversations rated 3 stars'),
    '4': Count('Conversations rated 4 stars'),
    '5': Count('Conversations rated 5 stars'),
    abandoned: Count('Rating offered and abandoned'),
    unoffered: Count('No rating'),
  },
  { description: 'Conversations started in the range by rating (spec 10 rating filter values); hidden and spam excluded' },
);
export type RatingDistribution = Static<typeof RatingDistribution>;

export const SpamShare = Type.Object(
  {
    conversations: Count('Spam conversations started in the range (not hidden)'),
    share: Type.Union([Type.Number(), Type.Null()], { description: 'Their share (0-1) of all conversations started in the range; null when there were none' }),
  },
  { description: 'Spam, which the other figures leave out' },
);

export const TopicBreakdown = Type.Array(
  Type.Object({
    topic: Type.Union([Type.String(), Type.Null()], { description: 'The topic (docs/operators.md "Topics"); null for conversations without one' }),
    conversations: Count('Conversations of the range with this topic'),
  }),
  { description: 'Conversations started in the range by topic, the most common first (up to 20, then the rest under null); hidden and spam excluded' },
);
export type TopicBreakdown = Static<typeof TopicBreakdown>;

export const MetricsReport = Type.Object({ ...MetricsResponse.properties, ratings: RatingDistribution, spam: SpamShare, topics: TopicBreakdown });
export type MetricsReport = Static<typeof MetricsReport>;
