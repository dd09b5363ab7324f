// The analytics page's model (spec 10): the chosen range (last 7, 30 or 90 days, or custom days)
// and the metrics of that range from GET /v1/projects/{id}/metrics (daily rows, totals, rating
// distribution, spam share). Days are the organization's calendar days (its time zone, UTC unless
// set; docs/api.md "Organization settings"): the range is cut at its midnights and `tz` sent along.
import { signal } from '@preact/signals';
import type { MetricsReport } from '../../server/domains/metrics/schemas.js';
import { api, errorText, withQuery } from './api.js';
import { zonedInstant } from '../../shared/business-hours.js';
import type { Organization } from '../../shared/schemas/entities.js';

export type { MetricsReport };
export type Range = { kind: 'preset'; days: 7 | 30 | 90 } | { kind: 'custom'; from: string; to: string };

const DAY = 86_400_000;
export const metrics = signal<MetricsReport | null>(null);
export const metricsError = signal('');
export const range = signal<Range>({ kind: 'preset', days: 30 });
/** The organization's time zone, whose days the page shows. */
export const timeZone = signal('UTC');

/** The calendar day of `t` in `tz` as YYYY-MM-DD. */
export const zoneDay = (t: number, tz = timeZone.peek()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(t);

/** Midnight at the start of day `ymd` (YYYY-MM-DD) plus `plusDays`, on the clock in `tz`. */
const midnight = (ymd: string, tz: string, plusDays = 0) => {
  const [y, m, d] = ymd.split('-').map(Number);
  const civil = new Date(Date.UTC(y, m - 1, d) + plusDays * DAY);
  return zonedInstant(civil.getUTCFullYear(), civil.getUTCMonth() + 1, civil.getUTCDate(), 0, tz);
};

export function rangeQuery(r: Range, now = Date.now(), tz = timeZone.peek()): { start_date: string; end_date: string; tz: string } {
  if (r.kind === 'custom') return { start_date: new Date(midnight(r.from, tz)).toISOString(), end_date: new Date(midnight(r.to, tz, 1) - 1).toISOString(), tz };
  return { start_date: new Date(midnight(zoneDay(now, tz), tz, -(r.days - 1))).toISOString(), end_date: new Date(now).toISOString(), tz };
}

let zoneLoaded = false;
async function loadTimeZone() {
  if (zoneLoaded) return;
  const org = await api<Organization>('GET', '/v1/org');
  timeZone.value = org.settings?.timezone ?? 'UTC';
  zoneLoaded = true;
}

let seq = 0;
export async function loadMetrics(projectId: string, r: Range = range.peek()): Promise<void> {
  range.value = r;
  const mine = ++seq;
  metricsError.value = '';
  try {
    await loadTimeZone();
    const data = await api<MetricsReport>('GET', withQuery(`/v1/projects/${encodeURIComponent(projectId)}/metrics`, rangeQuery(r)));
    if (mine === seq) metrics.value = data;
  } catch (err) {
    if (mine === seq) metricsError.value = errorText(err);
  }
}

/** 0.8123 → "81.2%"; null (nothing to measure) → "–". */
export const percent = (v: number | null) => (v === null ? '–' : `${(Math.round(v * 1000) / 10).toLocaleString('en')}%`);
