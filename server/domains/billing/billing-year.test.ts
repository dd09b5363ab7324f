// A contract walked through a year and more on the real app with a fake clock (spec 3.2, 8.1
// rules 4 and 7): the paid window, monthly invoices, a cancellation that runs to the term's end,
// an early termination, a yearly contract that renews.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { loginAs, type TeamLogin } from '../../http/auth/team-session.fixture.js';
import { clock } from '../../lib/clock.js';

let t: TestApp;
const at = (iso: string) => {
  clock.now = () => Date.parse(iso);
};
const items = [{ category: 'chat_messages' as const, volume: 100, rate: 3, overage_rate: 5 }];

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  clock.now = () => Date.now();
  await t?.close();
});

async function org(name: string): Promise<{ id: string; owner: string }> {
  const o = await t.app.ctx.services.org.createOrganization({ name, plan: 'standard' });
  return { id: o.id, owner: o.id };
}
// Sessions expire on the same clock: an owner signs in afresh at each moment the test looks.
const signIn = (organizationId: string): Promise<TeamLogin> => loginAs(t, 'owner', { organizationId });
const view = async (orgId: string) => t.app.inject({ method: 'GET', url: '/v1/org/subscription', headers: { cookie: (await signIn(orgId)).cookie } }).then((r) => r.json());
const invoices = async (orgId: string) => t.app.inject({ method: 'GET', url: '/v1/org/invoices', headers: { cookie: (await signIn(orgId)).cookie } }).then((r) => r.json().data);
const act = async (orgId: string, action: 'cancel' | 'resume') =>
  t.app.inject({ method: 'PATCH', url: '/v1/org/subscription', headers: { ...(await signIn(orgId)).headers, 'content-type': 'application/json' }, payload: JSON.stringify({ action }) });

describe('a year of a monthly contract', () => {
  it('window, twelve invoices, cancelled after the window: runs to the end of the term, then expires', async () => {
    const { id, owner } = await org('Year');
    at('2026-01-01T00:00:00Z');
    await t.app.ctx.services.billing.setContract(id, { line_items: items });
    at('2026-01-15T00:00:00Z');
    expect((await view(owner)).subscription.status).toBe('trial');
    at('2026-02-01T00:00:01Z');
    expect((await view(owner)).subscription.status).toBe('active');
    expect(await invoices(owner)).toHaveLength(1);
    at('2026-06-10T00:00:00Z');
    const cancelled = (await act(owner, 'cancel')).json().subscription;
    expect(cancelled).toMatchObject({ status: 'cancelled', ends_at: '2027-01-01T00:00:00.000Z' });
    at('2026-12-31T23:59:59Z');
    expect((await view(owner)).subscription.status).toBe('cancelled');
    at('2027-01-01T00:00:01Z');
    const end = await view(owner);
    expect(end.subscription).toMatchObject({ status: 'expired', expired_at: '2027-01-01T00:00:00.000Z' });
    expect(end.current).toBeNull();
    const all = await invoices(owner);
    expect(all).toHaveLength(12);
    // Each period starts fresh and is charged its committed volume: 100 × 0.03 = 3.00.
    expect(all.every((i: { total: number }) => i.total === 300)).toBe(true);
    expect(all.at(-1).period_start).toBe('2026-01-01T00:00:00.000Z');
    expect((await act(owner, 'resume')).json().error).toBe('invalid_transition');
  });

  it('cancelled inside the window: ends at once, the days so far are invoiced', async () => {
    const { id, owner } = await org('Early');
    at('2026-03-01T00:00:00Z');
    await t.app.ctx.services.billing.setContract(id, { line_items: items, testphase_days: 84 });
    at('2026-05-20T12:00:00Z');
    const res = (await act(owner, 'cancel')).json().subscription;
    expect(res).toMatchObject({ status: 'expired', expired_at: '2026-05-20T12:00:00.000Z' });
    const list = await invoices(owner);
    expect(list.map((i: { period_end: string }) => i.period_end)).toEqual(['2026-05-20T12:00:00.000Z', '2026-05-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z']);
  });

  it('a yearly contract bills once a year and renews when not cancelled', async () => {
    const { id, owner } = await org('Yearly');
    at('2026-01-01T00:00:00Z');
    await t.app.ctx.services.billing.setContract(id, { line_items: items, billing_period: 'yearly', testphase_days: 0 });
    at('2028-01-01T00:00:01Z');
    const v = await view(owner);
    expect(v.subscription).toMatchObject({ status: 'active', term_start: '2028-01-01T00:00:00.000Z', next_renewal: '2029-01-01T00:00:00.000Z' });
    expect(await invoices(owner)).toHaveLength(2);
  });
});
