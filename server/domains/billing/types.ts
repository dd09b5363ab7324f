// Stored shapes of the billing domain (spec 2.12, 3.2, 8.1; docs/billing.md). Money is always an
// integer number of minor units (cents) of the contract's currency, so sums never drift.

/** Spec 3.2. `trial` is the paid early-termination window (spec 8.1 rule 7), not a free trial. */
export type SubscriptionStatus = 'trial' | 'active' | 'cancelled' | 'expired';

/** Spec 2.12: the split pair (chat + ticketing) or the legacy combined cap (generated), plus projects. */
export type BillingCategory = 'chat_messages' | 'ticketing_messages' | 'generated_messages' | 'projects';

export type BillingPeriodKind = 'monthly' | 'yearly';

export interface LineItem {
  category: BillingCategory;
  /** Committed amount per billing period, charged whether used or not (spec 8.1 rule 4). */
  volume: number;
  /** Price in minor units per `unit` of committed volume. */
  rate: number;
  /** Grouping size for committed billing (usually 1). */
  unit: number;
  /** Price in minor units per `overage_unit` above the committed volume. */
  overage_rate: number;
  /** Grouping size for overage billing: partial units are rounded up. */
  overage_unit: number;
  /** For a prepaid volume: the committed charge was paid in advance for periods starting before this. */
  prepaid_until: string | null;
}

export interface PaymentMethodRef {
  /** The external payment provider's name, e.g. "stripe". */
  provider: string;
  /** The provider's opaque reference (never a card number; see docs/billing.md). */
  reference: string;
  /** What the team sees, e.g. "Visa ending 4242", as the provider reports it. */
  label: string | null;
}

export interface StoredSubscription {
  /** The organization's id: one subscription per organization. */
  id: string;
  organization_id: string;
  status: SubscriptionStatus;
  start_date: string;
  /** Start of the current contract term (a renewal starts a new one). */
  term_start: string;
  /** Commitment length in months (spec 2.12 "contract period"). */
  contract_months: number;
  billing_period: BillingPeriodKind;
  /** End of the early special right of termination (spec 8.1 rule 7), or null without one. */
  testphase_end: string | null;
  /** Start of the next billing period. */
  next_renewal: string;
  /** Start of the billing period not invoiced yet. */
  period_start: string;
  currency: string;
  line_items: LineItem[];
  /** Whether the agent stops replying once the subscription has expired (docs/billing.md). */
  stop_replies_when_expired: boolean;
  payment_method: PaymentMethodRef | null;
  /** Addresses that receive invoices and usage notices. */
  billing_contacts: string[];
  cancelled_at: string | null;
  /** When a cancelled subscription ends. */
  ends_at: string | null;
  expired_at: string | null;
  /** Usage notices already sent this period: `<category>:<percent>` (80 and 100 of committed volume). */
  notices: string[];
  created_at: string;
  updated_at: string;
}

export interface InvoiceLine {
  category: BillingCategory;
  committed_volume: number;
  used: number;
  overage: number;
  overage_units: number;
  committed_amount: number;
  overage_amount: number;
  total: number;
  /** True when the committed part was prepaid (not charged on this invoice). */
  prepaid: boolean;
}

export interface StoredInvoice {
  id: string;
  organization_id: string;
  /** Human-readable number, unique per organization: <year>-<sequence>. */
  number: string;
  period_start: string;
  period_end: string;
  currency: string;
  lines: InvoiceLine[];
  total: number;
  closed_at: string;
}
