// The daily retention run counts days on the organization's clock (docs/api.md "Organization
// settings"): runs at instants in one New York day run once, though UTC's date changed between them;
// an instant of the next New York day runs again, though UTC's date did not change. Daylight saving
// is Intl's: New York's first day of summer time ends at 04:00 UTC, not 05:00. A day another
// instance claimed is left to it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { loginAs } from '../../http/auth/team-session.fixture.js';
import { sharedState } from '../../jobs/shared.js';
import { createRetention } from './retention.js';

let t: TestApp;
let P: string;
let H: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await loginAs(t, 'admin');
  P = `/v1/projects/${t.demo.project_id}`;
  H = { authorization: `Bearer ${t.demo.api_key}`, 'content-type': 'application/json' };
  const set = await t.app.inject({ method: 'PATCH', url: '/v1/org', headers: admin.headers, payload: { settings: { timezone: 'America/New_York', retention_days: 30 } } });
  expect(set.statusCode, set.body).toBe(200);
});
afterAll(() => t.close());

/** A conversation whose last activity was years before any instant below, so every run deletes it. */
async function oldConversation(): Promise<string> {
  const made = (await t.app.inject({ method: 'POST', url: `${P}/conversations`, headers: H, payload: { user_id: 'ext-old', message: 'An old question' } })).json();
  const c = await t.app.ctx.services.conversations.require(t.demo.project_id, made.id);
  const longAgo = '2020-01-01T00:00:00.000Z';
  await t.app.ctx.store.collection('conversations').put(t.demo.project_id, { ...c, created_at: longAgo, updated_at: longAgo, last_message_at: longAgo, first_message_at: longAgo });
  return made.id;
}
const exists = async (id: string) => (await t.app.inject({ method: 'GET', url: `${P}/conversations/${id}`, headers: H })).statusCode === 200;

describe('the daily retention run on the organization clock', () => {
  it('runs once per New York day, whatever the UTC date does', async () => {
    const retention = createRetention(t.app.ctx);
    const first = await oldConversation();
    // 18:30 on 7 March in New York (UTC-5), 23:30 UTC.
    await retention.runDaily(Date.parse('2026-03-07T23:30:00Z'));
    expect(await exists(first)).toBe(false);

    // 22:30 the same New York day, though UTC is on 8 March: no second run.
    const second = await oldConversation();
    await retention.runDaily(Date.parse('2026-03-08T03:30:00Z'));
    expect(await exists(second)).toBe(true);

    // 00:30 on 8 March in New York (still UTC-5; summer time starts at 07:00 UTC): the next day's run,
    // on the same UTC day as the check before.
    await retention.runDaily(Date.parse('2026-03-08T05:30:00Z'));
    expect(await exists(second)).toBe(false);

    // 23:30 on 8 March in New York, now UTC-4: the same day still.
    const third = await oldConversation();
    await retention.runDaily(Date.parse('2026-03-09T03:30:00Z'));
    expect(await exists(third)).toBe(true);
    // 00:30 on 9 March in New York: with winter's UTC-5 it would still be 8 March.
    await retention.runDaily(Date.parse('2026-03-09T04:30:00Z'));
    expect(await exists(third)).toBe(false);
  });

  it("leaves a New York day another instance claimed to it, and the claim is named after New York's date", async () => {
    const retention = createRetention(t.app.ctx);
    const { claims } = sharedState(t.app.ctx);
    // 21:00 on 14 March in New York, 01:00 on 15 March UTC.
    expect(await claims.acquire(`retention:${t.demo.organization_id}:2026-03-14`, { ttlMs: 2 * 86_400_000, holder: 'another-instance' })).toBe(true);
    const old = await oldConversation();
    await retention.runDaily(Date.parse('2026-03-15T01:00:00Z'));
    expect(await exists(old)).toBe(true);
    await claims.release(`retention:${t.demo.organization_id}:2026-03-14`, 'another-instance');
  });
});
