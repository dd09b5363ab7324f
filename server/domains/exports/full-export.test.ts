// The full dataset export over the real app and a real lowdb store (spec 4.1): the background job
// and its progress, the JSONL shape, 2 a day per project, the signed link (works without a session,
// refused when changed or after 7 days, with the clock moved instead of waiting), the e-mail to
// the requester through the real outbox to a real SMTP server, its link followed, the export.ready webhook
// event and full_export:read.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { loginAs, type TeamLogin } from '../../http/auth/team-session.fixture.js';
import { clock } from '../../lib/clock.js';
import { linkIn, startTestSmtp, type TestSmtp } from '../mail/testing/smtp-server.fixture.js';
import type { FullExport } from '../../../shared/schemas/exports.js';

let t: TestApp;
let P: string;
let owner: TeamLogin;
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ mail: { smtpUrl: smtp.url, from: 'Parley <parley@example.test>' } });
  P = `/v1/projects/${t.demo.project_id}`;
  owner = await loginAs(t, 'owner');
  const H = { authorization: `Bearer ${t.demo.api_key}` };
  for (const [user_id, message] of [['ext-1', 'Bonjour, où est ma commande ?'], ['ext-1', 'second question 🚚'], ['ext-2', 'مرحبا']]) {
    await t.app.inject({ method: 'POST', url: `${P}/conversations`, headers: H, payload: { user_id, message } });
  }
});
afterEach(() => {
  clock.now = () => Date.now();
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = owner.headers) => t.app.inject({ method, url, headers });

async function untilDone(id: string): Promise<FullExport> {
  for (let i = 0; i < 200; i++) {
    const job = (await call('GET', `${P}/full-exports/${id}`)).json() as FullExport;
    if (job.status === 'ready' || job.status === 'failed') return job;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('export did not finish');
}

describe('full data export (spec 4.1)', () => {
  let first: FullExport;

  it('builds the dataset in the background and serves it through a signed link without a session', async () => {
    // An endpoint subscribed to export.ready (its receiver need not answer: the delivery is queued durably first).
    const hooks = t.app.ctx.services.webhooks;
    const endpoint = await hooks.endpoints.create(t.demo.project_id, { url: 'http://127.0.0.1:9/hook', event_types: ['export.ready'] });
    const res = await call('POST', `${P}/full-exports`);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ status: 'queued', download_url: null, requested_by: expect.stringContaining('@team.test') });
    first = await untilDone(res.json().id);
    expect(first).toMatchObject({ status: 'ready', error: null, emailed: true });
    expect(first.progress.done).toBe(first.progress.total);
    expect(Date.parse(first.expires_at!) - Date.parse(first.finished_at!)).toBe(7 * 86_400_000);

    const url = new URL(first.download_url!);
    const file = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    const lines = file.body.trimEnd().split('\n').map((l) => JSON.parse(l));
    const one = lines.find((l) => l.user?.external_id === 'ext-1');
    expect(one.user_id).toBe(one.user.id);
    expect(one.conversations.map((c: { messages: { content: string }[] }) => c.messages[0].content).sort()).toEqual(['Bonjour, où est ma commande ?', 'second question 🚚']);
    expect(one.conversations[0]).toMatchObject({ user_id: one.user.id, project_id: t.demo.project_id });
    expect(lines.find((l) => l.user?.external_id === 'ext-2').conversations[0].messages[0].content).toBe('مرحبا');
    // One line per user: no user twice.
    expect(new Set(lines.map((l) => l.user_id)).size).toBe(lines.length);

    // The event is relayed into the delivery queue after the export's own write (webhooks/relay.ts).
    const delivery = await vi.waitFor(async () => {
      const [queued] = await hooks.deliveries.list(t.demo.project_id, endpoint.id, {});
      expect(queued).toBeDefined();
      return queued!;
    }, { timeout: 10_000, interval: 50 });
    expect(delivery.event_type).toBe('export.ready');
    expect(JSON.parse(delivery.body).data).toMatchObject({ export_id: first.id, kind: 'full', download_url: first.download_url, expires_at: first.expires_at });

    // The link was e-mailed to the requester, and the e-mailed link downloads the same file.
    const mail = await smtp.waitFor(first.requested_by!);
    const emailed = new URL(linkIn(mail, first.download_url!.split('?')[0]!));
    const again = await t.app.inject({ method: 'GET', url: emailed.pathname + emailed.search });
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(file.body);
  });

  it("names the downloaded file after the export's day on the organization's clock", async () => {
    // UTC+14 or UTC-11: a date other than UTC's at the hour the export was made.
    const zone = new Date(first.created_at).getUTCHours() >= 10 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
    const setZone = (timezone: string) => t.app.inject({ method: 'PATCH', url: '/v1/org', headers: owner.headers, payload: { settings: { timezone } } });
    expect((await setZone(zone)).statusCode).toBe(200);
    try {
      const local = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(first.created_at));
      expect(local).not.toBe(first.created_at.slice(0, 10));
      const url = new URL(first.download_url!);
      const file = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
      expect(file.headers['content-disposition']).toBe(`attachment; filename="full-export-${local}.jsonl"`);
    } finally {
      await setZone('UTC');
    }
  });

  it('refuses a changed link', async () => {
    const url = new URL(first.download_url!);
    const sig = url.searchParams.get('signature')!;
    const tampered = new URL(url);
    tampered.searchParams.set('signature', `${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`);
    const later = new URL(url);
    later.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 86_400));
    for (const u of [tampered, later]) {
      const res = await t.app.inject({ method: 'GET', url: u.pathname + u.search });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('invalid_signature');
    }
  });

  it('allows 2 a day per project: the third is a 429 with retry_after, and one more works a day later', async () => {
    const second = await call('POST', `${P}/full-exports`);
    expect(second.statusCode).toBe(202);
    await untilDone(second.json().id);
    const third = await call('POST', `${P}/full-exports`);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ error: 'export_limit_reached', retry_after: expect.any(Number) });
    expect(third.json().retry_after).toBeGreaterThan(86_000);
    expect(third.headers['retry-after']).toBe(String(third.json().retry_after));
    const list = (await call('GET', `${P}/full-exports`)).json();
    expect(list.limit).toMatchObject({ per_day: 2, remaining: 0, next_available_at: expect.any(String) });
    expect(list.mail_configured).toBe(true);

    const start = Date.now();
    clock.now = () => start + 86_400_000 + 1000;
    const dayLater = await call('POST', `${P}/full-exports`);
    expect(dayLater.statusCode).toBe(202);
    await untilDone(dayLater.json().id);
  });

  it('refuses the link after 7 days, and lists the export as expired', async () => {
    const url = new URL(first.download_url!);
    const start = Date.now();
    clock.now = () => start + 7 * 86_400_000 + 60_000;
    const res = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(res.statusCode).toBe(410);
    expect(res.json().error).toBe('link_expired');
    const listed = (await call('GET', `${P}/full-exports`)).json().data.find((j: FullExport) => j.id === first.id);
    expect(listed).toMatchObject({ status: 'expired', download_url: null });
  });

  it('needs full_export:read: an admin and a key without it get 403', async () => {
    const admin = await loginAs(t, 'admin');
    const res = await call('POST', `${P}/full-exports`, admin.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'insufficient_permissions', missing_permissions: ['full_export:read'] });
    expect((await call('GET', `${P}/full-exports`, admin.headers)).statusCode).toBe(403);
    const { key } = await t.app.ctx.services.apiKeys.create(t.demo.project_id, { name: 'exports', permissions: ['export:read', 'conversation:read'], environment: 'test' });
    expect((await call('POST', `${P}/full-exports`, { authorization: `Bearer ${key}` })).statusCode).toBe(403);
  });
});
