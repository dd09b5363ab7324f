// The organization's subscription, this period's usage and projected bill, and invoices
// (GET/PATCH /v1/org/subscription, GET /v1/org/invoices; docs/billing.md).
import type { Static } from 'typebox';
import type { InvoiceOut, SubscriptionPatchBody, SubscriptionResponse } from '../../shared/schemas/billing.js';
import { api } from './api.js';

export type { SubscriptionResponse };
export type Invoice = Static<typeof InvoiceOut>;

export const loadSubscription = () => api<SubscriptionResponse>('GET', '/v1/org/subscription');
export const loadInvoices = () => api<{ data: Invoice[] }>('GET', '/v1/org/invoices').then((r) => r.data);
export const patchSubscription = (body: SubscriptionPatchBody) => api<SubscriptionResponse>('PATCH', '/v1/org/subscription', body);

export const CATEGORY_LABELS: Record<string, string> = {
  chat_messages: 'Chat Messages',
  ticketing_messages: 'Ticketing Messages',
  generated_messages: 'Generated Messages',
  projects: 'Projects',
};

export const STATUS_LABELS: Record<string, string> = {
  trial: 'Active, inside the early-termination window',
  active: 'Active',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

export const money = (minor: number, currency: string) => `${(minor / 100).toFixed(2)} ${currency}`;
export const day = (iso: string) => iso.slice(0, 10);
