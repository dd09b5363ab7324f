// Turns an instance operator's contract into a subscription (spec 2.12, 8.1 rule 7; docs/billing.md
// "Contracts"). Every contract starts paid; the early special right of termination defaults to 30
// days and may be at most 12 weeks (the schema bounds it), so there is no free trial to configure.
import { AppError } from '../../errors.js';
import type { ContractBody } from '../../../shared/schemas/billing.js';
import { DAY_MS, nextBoundary } from './periods.js';
import type { LineItem, StoredSubscription } from './types.js';

export const DEFAULT_TESTPHASE_DAYS = 30;

/** Spec 2.12: an account has either the split pair or the legacy combined category, and each category once. */
export function checkLineItems(items: LineItem[]): void {
  const seen = new Set<string>();
  for (const item of items) {
    if (seen.has(item.category)) throw new AppError('billing_category_conflict', `${item.category} appears twice`);
    seen.add(item.category);
  }
  if (seen.has('generated_messages') && (seen.has('chat_messages') || seen.has('ticketing_messages'))) {
    throw new AppError(
      'billing_category_conflict',
      'generated_messages (the legacy combined cap) cannot be combined with chat_messages or ticketing_messages',
    );
  }
}

export const normaliseItems = (items: ContractBody['line_items']): LineItem[] =>
  items.map((i) => ({
    category: i.category,
    volume: i.volume,
    rate: i.rate,
    unit: i.unit ?? 1,
    overage_rate: i.overage_rate,
    overage_unit: i.overage_unit ?? 1,
    prepaid_until: i.prepaid_until ? new Date(i.prepaid_until).toISOString() : null,
  }));

export function newSubscription(organizationId: string, body: ContractBody, now: number, previous?: StoredSubscription): StoredSubscription {
  const lineItems = normaliseItems(body.line_items);
  checkLineItems(lineItems);
  const billingPeriod = body.billing_period ?? 'monthly';
  const months = body.contract_months ?? 12;
  if (billingPeriod === 'yearly' && months % 12 !== 0) {
    throw new AppError('invalid_request', 'a yearly billing period needs a contract of whole years (contract_months a multiple of 12)');
  }
  const start = body.start_date ? new Date(body.start_date).toISOString() : new Date(now).toISOString();
  const days = body.testphase_days ?? DEFAULT_TESTPHASE_DAYS;
  const at = new Date(now).toISOString();
  const base = { start_date: start, billing_period: billingPeriod };
  return {
    id: organizationId,
    organization_id: organizationId,
    status: days > 0 ? 'trial' : 'active',
    start_date: start,
    term_start: start,
    contract_months: months,
    billing_period: billingPeriod,
    testphase_end: days > 0 ? new Date(Date.parse(start) + days * DAY_MS).toISOString() : null,
    next_renewal: nextBoundary(base, start),
    period_start: start,
    currency: body.currency ?? previous?.currency ?? 'EUR',
    line_items: lineItems,
    stop_replies_when_expired: body.stop_replies_when_expired ?? previous?.stop_replies_when_expired ?? true,
    payment_method: previous?.payment_method ?? null,
    billing_contacts: body.billing_contacts ?? previous?.billing_contacts ?? [],
    cancelled_at: null,
    ends_at: null,
    expired_at: null,
    notices: [],
    created_at: previous?.created_at ?? at,
    updated_at: at,
  };
}
