// Range-wide figures beside the daily metrics (spec 10): how conversations started in the range
// were rated, and how many were spam. Same rules as service.ts: hidden conversations count nowhere;
// spam is left out of the ratings and counted on its own.
import type { ConversationRecord } from '../../../shared/schemas/entities.js';
import type { RatingDistribution } from './schemas.js';

export function breakdown(records: readonly ConversationRecord[], start: Date, end: Date) {
  const from = start.getTime();
  const to = end.getTime();
  const ratings: RatingDistribution = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0, abandoned: 0, unoffered: 0 };
  let spam = 0;
  let all = 0;
  for (const c of records) {
    const created = Date.parse(c.created_at);
    if (c.hidden || created < from || created > to) continue;
    all++;
    if (c.spam) {
      spam++;
      continue;
    }
    if (c.rating === null || c.rating === undefined) ratings.unoffered++;
    else if (c.rating === 'abandoned') ratings.abandoned++;
    else ratings[String(c.rating) as '1']++;
  }
  return { ratings, spam: { conversations: spam, share: all ? Math.round((spam / all) * 10_000) / 10_000 : null } };
}
