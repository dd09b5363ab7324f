// The inbox filters of spec 10 and their translation to the conversation list query (docs/api.md):
// date range (7/30/90 days or custom), AI involvement, channel, labels; advanced: topic, status
// (Resolved/Unresolved/Escalated, the analytics list of docs/operators.md) and rating (1–5, Abandoned, Unoffered).
export type RangeChoice = '7' | '30' | '90' | 'custom';

export interface InboxFilters {
  range: RangeChoice;
  /** Custom range, `YYYY-MM-DD` in local time; either end may be empty. */
  from: string;
  to: string;
  involvement: string[];
  channel: string;
  labels: string[];
  topic: string;
  status: string[];
  rating: string[];
}

export const DEFAULT_FILTERS: InboxFilters = { range: '30', from: '', to: '', involvement: [], channel: '', labels: [], topic: '', status: [], rating: [] };

export const INVOLVEMENT = [
  { value: 'autonomous', label: 'AI only' },
  { value: 'public', label: 'AI and team' },
  { value: 'private', label: 'Team with AI drafts' },
  { value: 'not_involved', label: 'Team only' },
];
export const CHANNELS = [
  { value: '', label: 'All channels' },
  { value: 'website_widget', label: 'Website widget' },
  { value: 'api', label: 'API' },
];
export const STATUSES = [
  { value: 'resolved', label: 'Resolved' },
  { value: 'unresolved', label: 'Unresolved' },
  { value: 'escalated', label: 'Escalated' },
];
export const RATINGS = [
  ...['1', '2', '3', '4', '5'].map((value) => ({ value, label: `${value} ★` })),
  { value: 'abandoned', label: 'Abandoned' },
  { value: 'unoffered', label: 'Unoffered' },
];

const DAY = 86_400_000;

/** The list query for the filters (`now` passed in so the result is testable). */
export function filterQuery(f: InboxFilters, now = Date.now()): Record<string, string | string[] | undefined> {
  let created_after: string | undefined;
  let created_before: string | undefined;
  if (f.range === 'custom') {
    if (f.from) created_after = new Date(`${f.from}T00:00:00`).toISOString();
    if (f.to) created_before = new Date(new Date(`${f.to}T00:00:00`).getTime() + DAY).toISOString();
  } else {
    created_after = new Date(now - Number(f.range) * DAY).toISOString();
  }
  return {
    created_after,
    created_before,
    involvement: f.involvement.length ? f.involvement : undefined,
    channel: f.channel || undefined,
    labels: f.labels.length ? f.labels : undefined,
    topic: f.topic.trim() || undefined,
    status: f.status.length ? f.status : undefined,
    rating: f.rating.length ? f.rating : undefined,
  };
}

/** How many advanced filters are set (shown on the "More filters" toggle). */
export const advancedCount = (f: InboxFilters) => (f.topic.trim() ? 1 : 0) + (f.status.length ? 1 : 0) + (f.rating.length ? 1 : 0);
