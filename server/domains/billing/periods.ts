// Calendar arithmetic of billing periods and contract terms (spec 2.12, 8.1 rule 4). Every boundary
// is computed from the start date (never from the previous boundary), so a contract that starts on
// the 31st bills from the 28th in February and from the 31st again in March instead of drifting.
import type { BillingPeriodKind, StoredSubscription } from './types.js';

export const DAY_MS = 86_400_000;

/** `months` after `start`, on the same day of the month, clamped to the month's last day (UTC). */
export function addMonths(start: string, months: number): string {
  const d = new Date(start);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + months;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const day = Math.min(d.getUTCDate(), last);
  return new Date(Date.UTC(y, m, day, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds())).toISOString();
}

/** Whole months from `from` to `to` (both boundaries of the same contract). */
export function monthsBetween(from: string, to: string): number {
  const a = new Date(from);
  const b = new Date(to);
  return (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + b.getUTCMonth() - a.getUTCMonth();
}

export const periodMonths = (kind: BillingPeriodKind): number => (kind === 'yearly' ? 12 : 1);

/** The boundary after `boundary` for this subscription's billing period. */
export function nextBoundary(sub: Pick<StoredSubscription, 'start_date' | 'billing_period'>, boundary: string): string {
  return addMonths(sub.start_date, monthsBetween(sub.start_date, boundary) + periodMonths(sub.billing_period));
}

/** End of the contract term that began at `term_start`. */
export function termEnd(sub: Pick<StoredSubscription, 'start_date' | 'term_start' | 'contract_months'>): string {
  return addMonths(sub.start_date, monthsBetween(sub.start_date, sub.term_start) + sub.contract_months);
}

/** Days in [start, end), fractional when the bounds are not whole days apart. */
export const daysBetween = (start: string, end: string): number => (Date.parse(end) - Date.parse(start)) / DAY_MS;
