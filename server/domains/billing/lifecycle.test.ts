// The subscription state machine walked through a year and more (spec 3.2, 8.1 rules 4 and 7).
import { describe, expect, it } from 'vitest';
import { newSubscription } from './contract.js';
import { advance, cancel, expireNow, resume } from './lifecycle.js';
import type { StoredSubscription } from './types.js';
import { AppError } from '../../errors.js';

const T = (s: string) => Date.parse(s);
const chat = { category: 'chat_messages' as const, volume: 1000, rate: 10, overage_rate: 15 };

function contract(opts: { billing_period?: 'monthly' | 'yearly'; testphase_days?: number; contract_months?: number } = {}): StoredSubscription {
  return newSubscription('org-1', { start_date: '2026-01-31T00:00:00.000Z', line_items: [chat], ...opts }, T('2026-01-31T00:00:00Z'));
}

const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return (e as AppError).code;
  }
  return null;
};

describe('a monthly contract over a year', () => {
  it('starts paid inside a 30-day early-termination window, then is active and bills every month without drift', () => {
    const sub = contract();
    expect(sub).toMatchObject({ status: 'trial', testphase_end: '2026-03-02T00:00:00.000Z', next_renewal: '2026-02-28T00:00:00.000Z' });
    // The first period closes inside the window: it is billed all the same (no free trial).
    let step = advance(sub, T('2026-02-28T00:00:00Z'));
    expect(step.sub.status).toBe('trial');
    expect(step.closed).toEqual([{ start: '2026-01-31T00:00:00.000Z', end: '2026-02-28T00:00:00.000Z' }]);
    step = advance(step.sub, T('2026-03-02T00:00:00Z'));
    expect(step.sub.status).toBe('active');
    expect(step.closed).toEqual([]);
    // A whole year later: 12 periods in all, anchored on the 31st (clamped in short months).
    step = advance(step.sub, T('2027-01-31T00:00:00Z'));
    expect(step.closed.map((p) => p.end.slice(0, 10))).toEqual([
      '2026-03-31', '2026-04-30', '2026-05-31', '2026-06-30', '2026-07-31', '2026-08-31',
      '2026-09-30', '2026-10-31', '2026-11-30', '2026-12-31', '2027-01-31',
    ]);
    // Not cancelled: the contract renewed for another 12 months; the window does not come back.
    expect(step.sub).toMatchObject({ status: 'active', term_start: '2027-01-31T00:00:00.000Z', next_renewal: '2027-02-28T00:00:00.000Z' });
  });

  it('cancelled inside the window: ends at once and the period so far is closed', () => {
    const step = cancel(contract(), T('2026-02-10T12:00:00Z'));
    expect(step.sub).toMatchObject({ status: 'expired', ends_at: '2026-02-10T12:00:00.000Z', expired_at: '2026-02-10T12:00:00.000Z' });
    expect(step.closed).toEqual([{ start: '2026-01-31T00:00:00.000Z', end: '2026-02-10T12:00:00.000Z' }]);
    expect(advance(step.sub, T('2027-06-01T00:00:00Z')).closed).toEqual([]);
  });

  it('cancelled after the window: runs to the end of the contract term, then expires', () => {
    const step = cancel(contract(), T('2026-05-05T00:00:00Z'));
    expect(step.sub).toMatchObject({ status: 'cancelled', ends_at: '2027-01-31T00:00:00.000Z' });
    expect(step.closed).toHaveLength(3);
    const mid = advance(step.sub, T('2027-01-30T00:00:00Z'));
    expect(mid.sub.status).toBe('cancelled');
    const end = advance(mid.sub, T('2027-01-31T00:00:00Z'));
    expect(end.sub).toMatchObject({ status: 'expired', expired_at: '2027-01-31T00:00:00.000Z' });
    expect(end.closed.at(-1)).toEqual({ start: '2026-12-31T00:00:00.000Z', end: '2027-01-31T00:00:00.000Z' });
    expect(code(() => cancel(end.sub, T('2027-02-01T00:00:00Z')))).toBe('invalid_transition');
  });

  it('a cancellation can be withdrawn before it takes effect, and the contract renews', () => {
    const cancelled = cancel(contract(), T('2026-06-01T00:00:00Z')).sub;
    const resumed = resume(cancelled, T('2026-07-01T00:00:00Z')).sub;
    expect(resumed).toMatchObject({ status: 'active', ends_at: null, cancelled_at: null });
    expect(advance(resumed, T('2027-02-01T00:00:00Z')).sub).toMatchObject({ status: 'active', term_start: '2027-01-31T00:00:00.000Z' });
    expect(code(() => resume(resumed, T('2026-07-02T00:00:00Z')))).toBe('invalid_transition');
  });

  it('the operator can end it now; the part period is closed', () => {
    const step = expireNow(contract({ testphase_days: 0 }), T('2026-04-15T00:00:00Z'));
    expect(step.sub.status).toBe('expired');
    expect(step.closed.at(-1)).toEqual({ start: '2026-03-31T00:00:00.000Z', end: '2026-04-15T00:00:00.000Z' });
  });
});

describe('yearly periods and the window', () => {
  it('a yearly contract closes one period a year', () => {
    const sub = contract({ billing_period: 'yearly', testphase_days: 84 });
    expect(sub).toMatchObject({ testphase_end: '2026-04-25T00:00:00.000Z', next_renewal: '2027-01-31T00:00:00.000Z' });
    const step = advance(sub, T('2028-02-01T00:00:00Z'));
    expect(step.closed.map((p) => p.end.slice(0, 10))).toEqual(['2027-01-31', '2028-01-31']);
    expect(step.sub.status).toBe('active');
  });

  it('a contract without the window starts active; a yearly period needs whole years', () => {
    expect(contract({ testphase_days: 0 }).status).toBe('active');
    expect(code(() => contract({ billing_period: 'yearly', contract_months: 18 }))).toBe('invalid_request');
  });

  it('refuses the legacy category next to the split pair, and a category twice', () => {
    const gen = { ...chat, category: 'generated_messages' as const };
    expect(code(() => newSubscription('o', { line_items: [chat, gen] }, 0))).toBe('billing_category_conflict');
    expect(code(() => newSubscription('o', { line_items: [{ ...chat, category: 'ticketing_messages' }, gen] }, 0))).toBe('billing_category_conflict');
    expect(code(() => newSubscription('o', { line_items: [chat, chat] }, 0))).toBe('billing_category_conflict');
    expect(newSubscription('o', { line_items: [gen, { ...chat, category: 'projects' }] }, 0).line_items).toHaveLength(2);
  });
});
