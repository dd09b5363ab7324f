// Per-day metrics computed from stored conversations (spec 4 metrics call, spec 10 cards):
// - messages: user messages sent in the day (the dashboard Messages card, spec 8.1 rule 5);
// - conversations: conversations started in the day;
// - unique_users: distinct users who sent a message in the day;
// - csat_score: among conversations started in the day that carry a 1-5 star rating, the share
//   rated 4 or 5 (null when none is rated);
// - resolution_rate: among conversations started in the day, the share resolved without escalation
//   or abandonment (spec 10): status resolved and never escalated or abandoned on the way, as the
//   status notes record it (a conversation a person took over and then resolved is not the AI's
//   resolution); null when there are none.
// Statuses and ratings are the real ones the operator workflow and its automatic transitions set
// (docs/operators.md "Statuses"); the spec 10 conversation filters (status, involvement, channel,
// labels, tags, topic, rating) narrow which conversations count.
// Hidden and spam conversations count nowhere (spec 2.5, 8.1 rule 2). Days are calendar days in the
// report's time zone (the caller's `tz`, else the organization's, else UTC; docs/api.md "Metrics")
// from the day of start_date to the day of end_date; instants outside [start_date, end_date] are not
// counted. Totals recompute the ratios over the whole range (not an average of daily ratios).
// Beside them (breakdown.ts): the rating distribution and the spam share of the same conversations.
import type { ConversationRecord } from '../../../shared/schemas/entities.js';
import type { MetricsQuery, MetricsResponse, MetricsRow } from '../../../shared/schemas/api.js';
import type { Collection } from '../../store/types.js';
import { invalid } from '../../errors.js';
import { listQuery } from '../conversations-api/list-filter.js';
import { breakdown } from './breakdown.js';
import { isTimeZone, localParts } from '../audiences/local-time.js';
import { zonedInstant } from '../../../shared/business-hours.js';
import type { MetricsReport } from './schemas.js';

const DAY = 86_400_000;
const QUARTER_HOUR = 900_000;
export const MAX_DAYS = 366;
export const DEFAULT_DAYS = 30;

interface Acc {
  messages: number;
  conversations: number;
  users: Set<string>;
  rated: number;
  satisfied: number;
  resolved: number;
}

const acc = (): Acc => ({ messages: 0, conversations: 0, users: new Set(), rated: 0, satisfied: 0, resolved: 0 });
/** Whether the conversation was escalated or abandoned at any time: each status change leaves a note labelled `status:<to>` (docs/operators.md). */
const everEscalatedOrAbandoned = (c: ConversationRecord) =>
  c.messages.some((m) => m.type === 'handover' || m.labels.includes('status:escalated') || m.labels.includes('status:abandoned'));

/** Spec 10 Resolution Rate's numerator: resolved, and neither escalated nor abandoned before. */
export const resolvedWithoutEscalation = (c: ConversationRecord) => c.status === 'resolved' && !everEscalatedOrAbandoned(c);

const ratio = (n: number, d: number) => (d === 0 ? null : Math.round((n / d) * 10_000) / 10_000);

function row(a: Acc): Omit<MetricsRow, 'date'> {
  return {
    messages: a.messages,
    conversations: a.conversations,
    unique_users: a.users.size,
    rated_conversations: a.rated,
    csat_score: ratio(a.satisfied, a.rated),
    resolution_rate: ratio(a.resolved, a.conversations),
  };
}

/** The calendar day of an instant in `timeZone`, as whole days since 1970-01-01 (UTC: plain division). */
export function dayNumber(ms: number, timeZone: string): number {
  if (timeZone === 'UTC') return Math.floor(ms / DAY);
  const p = localParts(ms, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day) / DAY;
}

/** Days from start's calendar day to end's in `timeZone`, both counted. */
export const daySpan = (start: Date, end: Date, timeZone: string) => dayNumber(end.getTime(), timeZone) - dayNumber(start.getTime(), timeZone) + 1;

/** The instant the calendar day of `ms` begins in `timeZone` (midnight on its clock). */
function startOfDay(ms: number, timeZone: string): number {
  const p = localParts(ms, timeZone);
  return zonedInstant(p.year, p.month, p.day, 0, timeZone);
}

export function computeMetrics(records: readonly ConversationRecord[], start: Date, end: Date, timeZone = 'UTC'): MetricsResponse {
  const from = start.getTime();
  const to = end.getTime();
  const firstDay = dayNumber(from, timeZone);
  const days = daySpan(start, end, timeZone);
  const perDay = Array.from({ length: days }, acc);
  // Every zone's offset is a whole quarter hour, so a quarter hour never straddles a local midnight:
  // one Intl reading per quarter hour serves every instant in it.
  const quarters = new Map<number, number>();
  const dayOf = (t: number) => {
    const q = Math.floor(t / QUARTER_HOUR);
    let day = quarters.get(q);
    if (day === undefined) quarters.set(q, (day = dayNumber(q * QUARTER_HOUR, timeZone)));
    return perDay[day - firstDay];
  };
  const total = acc();
  const inRange = (t: number) => t >= from && t <= to;

  for (const c of records) {
    if (c.hidden || c.spam) continue;
    const created = Date.parse(c.created_at);
    if (inRange(created)) {
      const d = dayOf(created);
      for (const a of [d, total]) {
        a.conversations += 1;
        if (typeof c.rating === 'number') {
          a.rated += 1;
          if (c.rating >= 4) a.satisfied += 1;
        }
        if (resolvedWithoutEscalation(c)) a.resolved += 1;
      }
    }
    for (const m of c.messages) {
      if (m.role !== 'user' || m.type !== 'message') continue;
      const t = Date.parse(m.created_at);
      if (!inRange(t)) continue;
      const d = dayOf(t);
      for (const a of [d, total]) {
        a.messages += 1;
        a.users.add(c.user_id);
      }
    }
  }

  return {
    start_date: start.toISOString(),
    end_date: end.toISOString(),
    group_by: 'day',
    data: perDay.map((a, i) => ({ date: new Date((firstDay + i) * DAY).toISOString().slice(0, 10), ...row(a) })),
    totals: row(total),
  };
}

/** `conversations`: the store's collection, asked for the filtered conversations (hidden ones never come back). */
export function createMetricsService(conversations: Pick<Collection<ConversationRecord>, 'query'>) {
  return {
    /** `timeZone`: the days' zone when the query names none (the organization's). */
    async daily(projectId: string, q: MetricsQuery, timeZone = 'UTC'): Promise<MetricsReport> {
      const tz = q.tz ?? timeZone;
      if (!isTimeZone(tz)) throw invalid(`Unknown time zone ${JSON.stringify(tz)}: use an IANA name such as Europe/Berlin`, [{ path: 'querystring.tz', message: 'unknown time zone' }]);
      const end = q.end_date ? new Date(q.end_date) : new Date();
      // By default the last DEFAULT_DAYS calendar days in the zone, today included.
      const start = q.start_date ? new Date(q.start_date) : new Date(startOfDay(end.getTime(), tz) - (DEFAULT_DAYS - 1) * DAY);
      if (start.getTime() > end.getTime()) {
        throw invalid('start_date must not be later than end_date', [{ path: 'querystring.start_date', message: 'is after end_date' }]);
      }
      if (daySpan(start, end, tz) > MAX_DAYS) {
        throw invalid(`The range covers at most ${MAX_DAYS} days`, [{ path: 'querystring.end_date', message: `more than ${MAX_DAYS} days after start_date` }]);
      }
      const { start_date: _s, end_date: _e, group_by: _g, tz: _tz, ...filters } = q;
      // The store applies the filters (listQuery: the same test as the conversation list's); the
      // messages are read, as the message counts and the resolution rate need them.
      const { items: records } = await conversations.query(projectId, listQuery(filters));
      return { ...computeMetrics(records, start, end, tz), ...breakdown(records, start, end) };
    },
  };
}
