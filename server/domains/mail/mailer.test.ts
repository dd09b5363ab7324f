// The outbox on a real SMTP server (127.0.0.1) and a real lowdb store: stored before enqueue
// resolves, sent in the background, a refusal retried with backoff until it is accepted, a permanent
// refusal failed at once, a message queued before a restart sent after it, nothing without SMTP_URL.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig, testConfig, ConfigError } from '../../config.js';
import { createTestApp } from '../../testing/test-app.js';
import { startTestSmtp, type TestSmtp } from './testing/smtp-server.fixture.js';
import type { MailMessage } from './types.js';
import { createMailer } from './mailer.js';

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(() => smtp.close());

const message = (to: string, organization_id = 'org-1'): MailMessage => ({
  kind: 'test',
  organization_id,
  to,
  subject: `Hello ${to}`,
  text: 'Plain body',
  html: '<p>HTML body</p>',
});

async function until<T>(fn: () => Promise<T | undefined | false>, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

it('stores the message before enqueue resolves, then sends it with both bodies', async () => {
  const t = await createTestApp({ mail: { smtpUrl: smtp.url, from: 'Parley <parley@example.test>' } });
  try {
    const queued = await t.app.ctx.services.mail.enqueue(message('first@example.test'));
    expect(queued).toMatchObject({ status: 'queued', attempts: 0 });
    expect(await t.app.ctx.store.collection('mail_outbox').get('org-1', queued!.id)).toBeTruthy();
    const got = await smtp.waitFor('first@example.test');
    expect(got.from?.value[0]).toMatchObject({ name: 'Parley', address: 'parley@example.test' });
    expect(got.text?.trim()).toBe('Plain body');
    expect(got.html).toContain('HTML body');
    const sent = await until(async () => (await t.app.ctx.services.mail.recent('org-1')).find((m) => m.id === queued!.id && m.status === 'sent'));
    expect(sent).toMatchObject({ attempts: 1, last_error: null });
    expect(sent.sent_at).toBeTruthy();
    // A sent message keeps no body: a reset or invite link in it is a credential.
    expect(sent.text).toBe('');
  } finally {
    await t.close();
  }
});

it('retries a refusal (451) with backoff until the server accepts; a 550 fails at once', async () => {
  const t = await createTestApp({ mail: { smtpUrl: smtp.url, from: 'parley@example.test', retryDelaysMs: [100, 100, 100] } });
  let refusals = 0;
  smtp.refuse = (to) => {
    if (to === 'busy@example.test' && refusals < 2) return (refusals++, { code: 451, message: 'Try again later' });
    if (to === 'nobody@example.test') return { code: 550, message: 'No such mailbox' };
    return null;
  };
  try {
    const mail = t.app.ctx.services.mail;
    const busy = await mail.enqueue(message('busy@example.test'));
    const nobody = await mail.enqueue(message('nobody@example.test'));
    await smtp.waitFor('busy@example.test');
    const sent = await until(async () => (await mail.recent('org-1')).find((m) => m.id === busy!.id && m.status === 'sent'));
    expect(sent.attempts).toBe(3);
    const failed = await until(async () => (await mail.recent('org-1')).find((m) => m.id === nobody!.id && m.status !== 'queued'));
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed.last_error).toMatch(/550|No such mailbox/);
  } finally {
    smtp.refuse = null;
    await t.close();
  }
});

it('gives up after the last retry: the message is failed with the last error', async () => {
  const t = await createTestApp({ mail: { smtpUrl: smtp.url, from: 'parley@example.test', retryDelaysMs: [50, 50] } });
  smtp.refuse = (to) => (to === 'down@example.test' ? { code: 421, message: 'Service not available' } : null);
  try {
    const queued = await t.app.ctx.services.mail.enqueue(message('down@example.test'));
    const failed = await until(async () => (await t.app.ctx.services.mail.recent('org-1')).find((m) => m.id === queued!.id && m.status === 'failed'));
    expect(failed.attempts).toBe(3);
    expect(failed.last_error).toMatch(/421|not available/);
  } finally {
    smtp.refuse = null;
    await t.close();
  }
});

it('sends after a restart what was still queued (same data directory, app built again)', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'parley-mail-'));
  try {
    // First life: the mail server is unreachable (a closed port), so the message stays queued.
    const closed = await startTestSmtp();
    await closed.close();
    const first = await buildApp(testConfig(dir, { seedDemo: false, mail: { smtpUrl: closed.url, from: 'parley@example.test', retryDelaysMs: [300] } }));
    const queued = await first.ctx.services.mail.enqueue(message('later@example.test'));
    await until(async () => ((await first.ctx.services.mail.recent('org-1'))[0]?.attempts ?? 0) >= 1);
    await first.close();
    expect(smtp.received.some((m) => m.subject === 'Hello later@example.test')).toBe(false);

    const second = await buildApp(testConfig(dir, { seedDemo: false, mail: { smtpUrl: smtp.url, from: 'parley@example.test' } }));
    try {
      await smtp.waitFor('later@example.test');
      const sent = await until(async () => (await second.ctx.services.mail.recent('org-1')).find((m) => m.id === queued!.id && m.status === 'sent'));
      expect(sent.attempts).toBe(2);
    } finally {
      await second.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

it('two senders on one store (two servers on one database) send a message once', async () => {
  const t = await createTestApp();
  const sent: string[] = [];
  const send = async (m: { to: string }) => {
    await new Promise((r) => setTimeout(r, 20));
    sent.push(m.to);
  };
  const config = { smtpUrl: 'smtp://unused.example.test', from: 'parley@example.test' };
  const a = createMailer({ store: t.app.ctx.store, config, send });
  const b = createMailer({ store: t.app.ctx.store, config, send });
  try {
    for (let i = 0; i < 5; i++) await a.enqueue(message(`once-${i}@example.test`, 'org-2'));
    await Promise.all([a.drain(), b.drain(), b.drain()]);
    await until(async () => (await a.recent('org-2')).every((m) => m.status === 'sent'));
    expect(sent.sort()).toEqual([0, 1, 2, 3, 4].map((i) => `once-${i}@example.test`));
  } finally {
    await a.close();
    await b.close();
    await t.close();
  }
});

it('without SMTP_URL: not configured, enqueue returns null and stores nothing', async () => {
  const t = await createTestApp();
  try {
    expect(t.app.ctx.services.mail.configured).toBe(false);
    expect(await t.app.ctx.services.mail.enqueue(message('none@example.test'))).toBeNull();
    expect(await t.app.ctx.store.collection('mail_outbox').scopes()).toEqual([]);
  } finally {
    await t.close();
  }
});

it('validates SMTP_URL and MAIL_FROM', () => {
  const load = (env: Record<string, string>) => () => loadConfig({ DATA_DIR: '/tmp/x', ...env });
  expect(loadConfig({ DATA_DIR: '/tmp/x' }).mail).toBeNull();
  expect(loadConfig({ DATA_DIR: '/tmp/x', SMTP_URL: 'smtps://u:p@mail.example.test:465', MAIL_FROM: 'Acme <help@acme.test>' }).mail).toEqual({
    smtpUrl: 'smtps://u:p@mail.example.test:465',
    from: 'Acme <help@acme.test>',
  });
  expect(load({ SMTP_URL: 'http://mail.example.test', MAIL_FROM: 'a@b.test' })).toThrow(ConfigError);
  expect(load({ SMTP_URL: 'smtp://u:secret@mail.example.test' })).toThrow(/MAIL_FROM/);
  expect(load({ MAIL_FROM: 'a@b.test' })).toThrow(/SMTP_URL/);
  expect(load({ SMTP_URL: 'smtp://mail.example.test', MAIL_FROM: 'not an address' })).toThrow(/MAIL_FROM/);
  // A bad URL never echoes its password.
  expect(load({ SMTP_URL: 'smtp://u:secret@bad host', MAIL_FROM: 'a@b.test' })).toThrow(/^(?!.*secret)/);
});
