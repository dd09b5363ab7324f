// What a period costs (spec 8.1 rules 4 and 6; docs/billing.md "Amounts"). Integer minor units
// throughout: committed volume is charged per started `unit` whether used or not, usage above it per
// started `overage_unit` at the overage rate, and a prepaid committed part is shown but not charged.
import { daysBetween } from './periods.js';
import type { BillingCategory, InvoiceLine, LineItem } from './types.js';

export type Usage = Record<BillingCategory, number>;

export const emptyUsage = (): Usage => ({ chat_messages: 0, ticketing_messages: 0, generated_messages: 0, projects: 0 });

export function priceLine(item: LineItem, used: number, periodStart: string): InvoiceLine {
  const prepaid = item.prepaid_until !== null && Date.parse(periodStart) < Date.parse(item.prepaid_until);
  const committed = prepaid ? 0 : Math.ceil(item.volume / item.unit) * item.rate;
  const overage = Math.max(0, used - item.volume);
  const overageUnits = Math.ceil(overage / item.overage_unit);
  const overageAmount = overageUnits * item.overage_rate;
  return {
    category: item.category,
    committed_volume: item.volume,
    used,
    overage,
    overage_units: overageUnits,
    committed_amount: committed,
    overage_amount: overageAmount,
    total: committed + overageAmount,
    prepaid,
  };
}

export function priceAll(items: LineItem[], usage: Usage, periodStart: string): { lines: InvoiceLine[]; total: number } {
  const lines = items.map((item) => priceLine(item, usage[item.category], periodStart));
  return { lines, total: lines.reduce((sum, l) => sum + l.total, 0) };
}

/**
 * Spec 8.1 rule 6: the average daily usage so far, extended to the period's end. Days so far count
 * from the period start to now, at least one day, so the first hours of a period do not project a
 * handful of replies into thousands. Projects are a count, not a flow: they project as they stand.
 */
export function projectUsage(usage: Usage, start: string, end: string, now: string): Usage {
  const total = daysBetween(start, end);
  const elapsed = Math.min(total, Math.max(1, daysBetween(start, now)));
  const extend = (n: number) => Math.round((n / elapsed) * total);
  return {
    chat_messages: extend(usage.chat_messages),
    ticketing_messages: extend(usage.ticketing_messages),
    generated_messages: extend(usage.generated_messages),
    projects: usage.projects,
  };
}
