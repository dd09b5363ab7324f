// The analytics page's model (spec 10): the chosen range (last 7, 30 or 90 days, or custom UTC
// days) and the metrics of that range from GET /v1/projects/{id}/metrics (daily rows, totals,
// rating distribution, spam share).
import { signal } from '@preact/signals';
import type { MetricsReport } from '../../server/domains/metrics/schemas.js';
import { api, errorText, withQuery } from './api.js';

export type { MetricsReport };
export type Range = { kind: 'preset'; days: 7 | 30 | 90 } | { kind: 'custom'; from: string; to: string };

const DAY = 86_400_000;
export const metrics = signal<MetricsReport | null>(null);
export const metricsError = signal('');
export const range = signal<Range>({ kind: 'preset', days: 30 });

/** A UTC day as YYYY-MM-DD. */
export const utcDay = (t: number) => new Date(t).toISOString().slice(0, 10);

export function rangeQuery(r: Range, now = Date.now()): { start_date: string; end_date: string } {
  if (r.kind === 'custom') return { start_date: `${r.from}T00:00:00.000Z`, end_date: `${r.to}T23:59:59.999Z` };
  const today = Math.floor(now / DAY) * DAY;
  return { start_date: new Date(today - (r.days - 1) * DAY).toISOString(), end_date: new Date(now).toISOString() };
}

let seq = 0;
export async function loadMetrics(projectId: string, r: Range = range.peek()): Promise<void> {
  range.value = r;
  const mine = ++seq;
  metricsError.value = '';
  try {
    const data = await api<MetricsReport>('GET', withQuery(`/v1/projects/${encodeURIComponent(projectId)}/metrics`, rangeQuery(r)));
    if (mine === seq) metrics.value = data;
  } catch (err) {
    if (mine === seq) metricsError.value = errorText(err);
  }
}

/** 0.8123 → "81.2%"; null (nothing to measure) → "–". */
export const percent = (v: number | null) => (v === null ? '–' : `${(Math.round(v * 1000) / 10).toLocaleString('en')}%`);
