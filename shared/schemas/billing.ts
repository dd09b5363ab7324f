// REST shapes of billing (spec 2.12, 3.2, 8.1; docs/billing.md). Money: integer minor units of `currency`.
import { Type, type Static } from 'typebox';

const DateTime = Type.String({ format: 'date-time' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const Count = Type.Integer({ minimum: 0 });
const Money = Type.Integer({ minimum: 0, description: 'Minor units (cents) of the contract currency' });

export const BillingCategorySchema = Type.Union([
  Type.Literal('chat_messages'),
  Type.Literal('ticketing_messages'),
  Type.Literal('generated_messages'),
  Type.Literal('projects'),
]);

export const LineItemSchema = Type.Object(
  {
    category: BillingCategorySchema,
    volume: Type.Integer({ minimum: 0, maximum: 1_000_000_000, description: 'Committed amount per billing period' }),
    rate: Type.Integer({ minimum: 0, maximum: 1_000_000_000, description: 'Minor units per `unit` of committed volume' }),
    unit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
    overage_rate: Type.Integer({ minimum: 0, maximum: 1_000_000_000, description: 'Minor units per `overage_unit` above the committed volume' }),
    overage_unit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
    prepaid_until: Type.Optional(Nullable(DateTime)),
  },
  { additionalProperties: false },
);
export type LineItemIn = Static<typeof LineItemSchema>;

export const PaymentMethodSchema = Type.Object(
  {
    provider: Type.String({ minLength: 1, maxLength: 40, pattern: '^[a-z0-9_-]+$' }),
    reference: Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9_:.-]+$', description: 'The provider’s opaque reference; never a card number' }),
    label: Type.Optional(Nullable(Type.String({ maxLength: 80 }))),
  },
  { additionalProperties: false },
);

const Contacts = Type.Array(Type.String({ format: 'email', maxLength: 254 }), { maxItems: 10 });

/** What an instance operator sets (admin CLI): the contract. */
export const ContractBody = Type.Object(
  {
    start_date: Type.Optional(DateTime),
    contract_months: Type.Optional(Type.Integer({ minimum: 1, maximum: 120, description: 'Commitment in months; 12 when a new contract leaves it out' })),
    billing_period: Type.Optional(Type.Union([Type.Literal('monthly'), Type.Literal('yearly')])),
    testphase_days: Type.Optional(Type.Integer({ minimum: 0, maximum: 84, description: 'Early special right of termination; at most 12 weeks (spec 8.1 rule 7)' })),
    currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$' })),
    line_items: Type.Array(LineItemSchema, { minItems: 1, maxItems: 4 }),
    stop_replies_when_expired: Type.Optional(Type.Boolean()),
    billing_contacts: Type.Optional(Contacts),
  },
  { additionalProperties: false },
);
export type ContractBody = Static<typeof ContractBody>;

/** What an owner may change (docs/billing.md "Who changes what"). */
export const SubscriptionPatchBody = Type.Object(
  {
    action: Type.Optional(Type.Union([Type.Literal('cancel'), Type.Literal('resume')])),
    billing_contacts: Type.Optional(Contacts),
    payment_method: Type.Optional(Nullable(PaymentMethodSchema)),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type SubscriptionPatchBody = Static<typeof SubscriptionPatchBody>;

const LineItemOut = Type.Object({
  category: BillingCategorySchema,
  volume: Count,
  rate: Count,
  unit: Count,
  overage_rate: Count,
  overage_unit: Count,
  prepaid_until: Nullable(DateTime),
});

export const SubscriptionOut = Type.Object({
  status: Type.Union([Type.Literal('trial'), Type.Literal('active'), Type.Literal('cancelled'), Type.Literal('expired')]),
  start_date: DateTime,
  contract_months: Count,
  term_start: DateTime,
  term_end: DateTime,
  billing_period: Type.Union([Type.Literal('monthly'), Type.Literal('yearly')]),
  testphase_end: Nullable(DateTime),
  next_renewal: DateTime,
  currency: Type.String(),
  line_items: Type.Array(LineItemOut),
  stop_replies_when_expired: Type.Boolean(),
  payment_method: Nullable(Type.Object({ provider: Type.String(), reference: Type.String(), label: Nullable(Type.String()) })),
  billing_contacts: Type.Array(Type.String()),
  cancelled_at: Nullable(DateTime),
  ends_at: Nullable(DateTime),
  expired_at: Nullable(DateTime),
});

export const InvoiceLineOut = Type.Object({
  category: BillingCategorySchema,
  committed_volume: Count,
  used: Count,
  overage: Count,
  overage_units: Count,
  committed_amount: Money,
  overage_amount: Money,
  total: Money,
  prepaid: Type.Boolean(),
});

export const CurrentPeriodOut = Type.Object({
  period: Type.Object({ start: DateTime, end: DateTime }),
  currency: Type.String(),
  /** Usage so far, priced as if the period ended now. */
  lines: Type.Array(InvoiceLineOut),
  total: Money,
  /** Spec 8.1 rule 6: usage extended to the period's end at the average daily rate so far. */
  projected: Type.Object({ lines: Type.Array(InvoiceLineOut), total: Money }),
  daily: Type.Array(Type.Object({ date: Type.String(), messages: Count, chat_messages: Count, ticketing_messages: Count, generated_messages: Count })),
});

export const InvoiceOut = Type.Object({
  id: Type.String(),
  number: Type.String(),
  period_start: DateTime,
  period_end: DateTime,
  currency: Type.String(),
  lines: Type.Array(InvoiceLineOut),
  total: Money,
  closed_at: DateTime,
});

export const SubscriptionResponse = Type.Object({ subscription: SubscriptionOut, current: Nullable(CurrentPeriodOut) });
export type SubscriptionResponse = Static<typeof SubscriptionResponse>;
