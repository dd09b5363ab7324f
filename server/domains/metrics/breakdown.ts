// Range-wide figures beside the daily metrics (spec 10): how conversations started in the range
// were rated, how many were spam, and their topics. Same rules as service.ts: hidden conversations count nowhere;
// spam is left out of the ratings and counted on its own.
import type { ConversationRecord } from '../../../shared/schemas/entities.js';
import type { RatingDistribution, TopicBreakdown } from './schemas.js';

/** Topics listed by name; the rest are summed under null with the conversations that have none. */
const TOPICS_SHOWN = 20;

export function breakdown(records: readonly ConversationRecord[], start: Date, end: Date) {
  const from = start.getTime();
  const to = end.getTime();
  const ratings: RatingDistribution = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0, abandoned: 0, unoffered: 0 };
  let spam = 0;
  let all = 0;
  const topics = new Map<string | null, number>();
  for (const c of records) {
    const created = Date.parse(c.created_at);
    if (c.hidden || created < from || created > to) continue;
    all++;
    if (c.spam) {
      spam++;
      continue;
    }
    topics.set(c.topic ?? null, (topics.get(c.topic ?? null) ?? 0) + 1);
    if (c.rating === null || c.rating === undefined) ratings.unoffered++;
    else if (c.rating === 'abandoned') ratings.abandoned++;
    else ratings[String(c.rating) as '1']++;
  }
  return { ratings, spam: { conversations: spam, share: all ? Math.round((spam / all) * 10_000) / 10_000 : null }, topics: byTopic(topics) };
}

function byTopic(counts: Map<string | null, number>): TopicBreakdown {
  const named = [...counts.entries()].filter(([t]) => t !== null).sort((a, b) => b[1] - a[1] || a[0]!.localeCompare(b[0]!));
  const rest = (counts.get(null) ?? 0) + named.slice(TOPICS_SHOWN).reduce((s, [, n]) => s + n, 0);
  const out: TopicBreakdown = named.slice(0, TOPICS_SHOWN).map(([topic, conversations]) => ({ topic, conversations }));
  if (rest) out.push({ topic: null, conversations: rest });
  return out;
}
