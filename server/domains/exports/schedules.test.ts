// Recurring exports over the real app and store (spec 4.1 "data-export settings"): a daily export to
// an e-mail address (the real outbox; only SMTP is replaced) and a weekly one to a webhook endpoint (a
// real HTTP server on 127.0.0.1), run by moving the clock; each sends a signed link to what is new
// since the previous run; the POST is signed with the endpoint's secret (checked with the
// standardwebhooks library); a failing receiver is recorded and tried again; settings need the permissions.
import http from 'node:http';
import { once } from 'node:events';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import Papa from 'papaparse';
import { Webhook } from 'standardwebhooks';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { clock } from '../../lib/clock.js';
import { createMailer } from '../mail/mailer.js';

let t: TestApp;
let P: string;
let H: Record<string, string>;
let receiver: http.Server;
let receiverUrl: string;
let answer = 200;
const posts: { data: { download_url: string; rows: number; entity: string }; raw: string; headers: Record<string, string> }[] = [];
const sent: { to: string; text: string }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  P = `/v1/projects/${t.demo.project_id}`;
  H = { authorization: `Bearer ${t.demo.api_key}`, 'content-type': 'application/json' };
  t.app.ctx.services.mail = createMailer({ store: t.app.ctx.store, config: { smtpUrl: 'smtp://127.0.0.1:9', from: 'parley@example.test' }, send: async (m) => void sent.push(m) });
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      posts.push({ ...JSON.parse(body), raw: body, headers: req.headers as Record<string, string> });
      res.writeHead(answer).end();
    });
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;
});
afterEach(() => {
  clock.now = () => Date.now();
});
afterAll(async () => {
  receiver.close();
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, headers = H) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const download = async (link: string) => {
  const url = new URL(link);
  return t.app.inject({ method: 'GET', url: url.pathname + url.search });
};
const newConversation = async (message: string) => (await call('POST', `${P}/conversations`, { user_id: `u-${message}`, message })).json().id as string;

describe('recurring exports', () => {
  it('e-mails a daily link to the conversations created since the previous run', async () => {
    const created = await call('POST', `${P}/export-schedules`, { frequency: 'daily', entity: 'conversations', format: 'csv', destination: 'email', to: 'reports@example.test' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ frequency: 'daily', last_run_at: null, last_status: null });
    const fresh = await newConversation('Grüße aus Köln');

    const start = Date.now();
    clock.now = () => start + 86_400_000 + 1000;
    await t.app.ctx.services.exports.schedules.runDue();
    await t.app.ctx.services.mail.drain();
    const mail = sent.find((m) => m.to === 'reports@example.test')!;
    const link = /https?:\/\/\S+/.exec(mail.text)![0];
    const file = await download(link);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = Papa.parse<Record<string, string>>(file.body.slice(1), { header: true, skipEmptyLines: true }).data;
    expect(rows.map((r) => r.id)).toEqual([fresh]);
    expect(rows[0].last_message).toBe('Grüße aus Köln');
    const [schedule] = (await call('GET', `${P}/export-schedules`)).json().data;
    expect(schedule).toMatchObject({ last_status: 'sent', last_error: null });
    expect(Date.parse(schedule.next_run_at)).toBe(clock.now() + 86_400_000);
    // Runs of recurring exports are not full exports: neither listed nor counted.
    expect((await call('GET', `${P}/full-exports`)).json()).toMatchObject({ data: [], limit: { remaining: 2 } });
    await call('DELETE', `${P}/export-schedules/${schedule.id}`);
  });

  it('posts a weekly link to a webhook endpoint, signed with its secret, records a failing receiver and tries again', async () => {
    const endpoint = (await call('POST', `${P}/webhooks`, { url: receiverUrl, event_types: ['export.ready'] })).json();
    expect(endpoint.secret).toMatch(/^whsec_/);
    const created = (await call('POST', `${P}/export-schedules`, { frequency: 'weekly', entity: 'messages', format: 'jsonl', destination: 'webhook', to: receiverUrl })).json();
    await newConversation('hello webhook');
    const start = Date.now();
    answer = 500;
    clock.now = () => start + 7 * 86_400_000 + 1000;
    await t.app.ctx.services.exports.schedules.runDue();
    let [schedule] = (await call('GET', `${P}/export-schedules`)).json().data;
    expect(schedule).toMatchObject({ id: created.id, last_status: 'failed', last_error: 'the webhook URL answered 500' });

    answer = 200;
    clock.now = () => start + 7 * 86_400_000 + 3_700_000;
    await t.app.ctx.services.exports.schedules.runDue();
    [schedule] = (await call('GET', `${P}/export-schedules`)).json().data;
    expect(schedule.last_status).toBe('sent');
    const last = posts.at(-1)!;
    expect(last.data).toMatchObject({ entity: 'messages', rows: expect.any(Number) });
    const lines = (await download(last.data.download_url)).body.trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(lines.map((m) => m.content)).toContain('hello webhook');

    // Signed as every webhook: the receiver's Standard Webhooks library accepts it with the
    // endpoint's secret (at the moved clock the server signed with) and refuses another secret.
    expect(last.headers['webhook-id']).toMatch(/^msg_/);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(clock.now());
      expect(new Webhook(endpoint.secret).verify(last.raw, last.headers)).toMatchObject({ type: 'export.ready', data: { kind: 'scheduled', schedule_id: created.id } });
      expect(() => new Webhook('whsec_' + Buffer.alloc(24, 7).toString('base64')).verify(last.raw, last.headers)).toThrow();
    } finally {
      vi.useRealTimers();
    }
    await call('DELETE', `${P}/export-schedules/${created.id}`);
  });

  it('refuses a webhook URL that is not an endpoint of the project, and a run records one removed since', async () => {
    const other = await call('POST', `${P}/export-schedules`, { frequency: 'daily', entity: 'users', format: 'csv', destination: 'webhook', to: `${receiverUrl}/elsewhere` });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toMatch(/webhook endpoints/);

    const endpoint = (await call('POST', `${P}/webhooks`, { url: `${receiverUrl}/gone`, event_types: ['export.ready'] })).json();
    const created = (await call('POST', `${P}/export-schedules`, { frequency: 'daily', entity: 'users', format: 'csv', destination: 'webhook', to: `${receiverUrl}/gone` })).json();
    await call('DELETE', `${P}/webhooks/${endpoint.id}`);
    const before = posts.length;
    clock.now = () => Date.now() + 86_400_000 + 1000;
    await t.app.ctx.services.exports.schedules.runDue();
    const schedule = (await call('GET', `${P}/export-schedules`)).json().data.find((x: { id: string }) => x.id === created.id);
    expect(schedule).toMatchObject({ last_status: 'failed', last_error: expect.stringMatching(/no webhook endpoint/) });
    expect(posts.length).toBe(before);
  });

  it('refuses a bad destination and a caller without the permissions', async () => {
    const bad = await call('POST', `${P}/export-schedules`, { frequency: 'daily', entity: 'users', format: 'csv', destination: 'email', to: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    const ftp = await call('POST', `${P}/export-schedules`, { frequency: 'daily', entity: 'users', format: 'csv', destination: 'webhook', to: 'ftp://example.test/x' });
    expect(ftp.statusCode).toBe(400);
    const { key } = await t.app.ctx.services.apiKeys.create(t.demo.project_id, { name: 'no export', permissions: ['conversation:read', 'userpool:read'], environment: 'test' });
    const res = await call('GET', `${P}/export-schedules`, undefined, { authorization: `Bearer ${key}` });
    expect(res.statusCode).toBe(403);
    expect(res.json().missing_permissions).toEqual(['export:read']);
  });
});
