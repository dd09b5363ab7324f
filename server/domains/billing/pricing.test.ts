// Amounts of a period (spec 8.1 rules 4 and 6), checked against figures worked out by hand.
import { describe, expect, it } from 'vitest';
import { priceAll, priceLine, projectUsage } from './pricing.js';
import type { LineItem } from './types.js';

const item = (over: Partial<LineItem> = {}): LineItem => ({
  category: 'chat_messages', volume: 1000, rate: 500, unit: 100, overage_rate: 300, overage_unit: 50, prepaid_until: null, ...over,
});

describe('priceLine', () => {
  it('charges committed volume whether used or not', () => {
    // 1000 / 100 units × 5.00 = 50.00
    expect(priceLine(item(), 0, '2026-01-01T00:00:00Z')).toMatchObject({ committed_amount: 5000, overage: 0, overage_amount: 0, total: 5000 });
  });

  it('charges overage in whole overage units, rounded up', () => {
    // 1051 used: 51 over → 2 units of 50 × 3.00 = 6.00
    expect(priceLine(item(), 1051, '2026-01-01T00:00:00Z')).toMatchObject({ overage: 51, overage_units: 2, overage_amount: 600, total: 5600 });
    expect(priceLine(item(), 1050, '2026-01-01T00:00:00Z')).toMatchObject({ overage_units: 1, overage_amount: 300 });
  });

  it('does not charge a prepaid committed part until the prepayment ends; overage still is', () => {
    const prepaid = item({ prepaid_until: '2026-07-01T00:00:00Z' });
    expect(priceLine(prepaid, 1001, '2026-06-01T00:00:00Z')).toMatchObject({ prepaid: true, committed_amount: 0, overage_amount: 300, total: 300 });
    expect(priceLine(prepaid, 10, '2026-07-01T00:00:00Z')).toMatchObject({ prepaid: false, committed_amount: 5000 });
  });
});

describe('projected bill', () => {
  it('extends the average daily usage so far to the end of the period', () => {
    // 10 of 30 days gone, 400 chat replies: 40 a day → 1200 by the end; projects stand as they are.
    const u = projectUsage({ chat_messages: 400, ticketing_messages: 31, generated_messages: 0, projects: 3 }, '2026-04-01T00:00:00Z', '2026-05-01T00:00:00Z', '2026-04-11T00:00:00Z');
    expect(u).toEqual({ chat_messages: 1200, ticketing_messages: 93, generated_messages: 0, projects: 3 });
    // 1200 chat: 200 over → 4 units × 3.00 = 12.00, plus 50.00 committed.
    expect(priceAll([item()], u, '2026-04-01T00:00:00Z').total).toBe(6200);
  });

  it('counts at least one day, so the first hours do not explode', () => {
    const u = projectUsage({ chat_messages: 5, ticketing_messages: 0, generated_messages: 0, projects: 0 }, '2026-04-01T00:00:00Z', '2026-05-01T00:00:00Z', '2026-04-01T01:00:00Z');
    expect(u.chat_messages).toBe(150);
  });
});
