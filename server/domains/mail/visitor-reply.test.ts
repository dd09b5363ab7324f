// The team's reply by e-mail (visitor-reply.ts): a visitor who left an address while nobody was
// online and has since closed the widget gets the operator's reply in their language with a link
// back to the page; a visitor still connected reads it in the widget and gets no e-mail.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { connectWidget } from '../widget/test-client.js';
import { loginAs, type TeamLogin } from '../../http/auth/team-session.fixture.js';
import { startTestSmtp, type TestSmtp } from './testing/smtp-server.fixture.js';

let smtp: TestSmtp;
let t: TestApp;
let base: string;
let operator: TeamLogin;
beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ mail: { smtpUrl: smtp.url, from: 'Parley <parley@example.test>' } });
  base = await t.listen();
  operator = await loginAs(t, 'operator', { name: 'Dana' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** A visitor who asked for a person while nobody was online and left their e-mail. */
async function visitorWhoLeftAnAddress(email: string, locale: string, page = `${base}/examples/pricing`) {
  const c = await connectWidget(base, base);
  c.send({ type: 'session.hello', v: 1, frame_id: t.demo.frame_id, locales: [locale], page: { url: page, title: 'Pricing' } });
  await c.next('session.welcome');
  c.send({ type: 'message.send', client_id: `c-${Math.random().toString(36).slice(2, 12)}`, content: 'zqxv wrrbl kfjd?' });
  const ack = await c.next('message.ack');
  const id = ack.conversation.id;
  await c.next('message.created', (f) => f.message.role === 'assistant');
  c.send({ type: 'handoff.respond', conversation_id: id, accept: true });
  await c.next('message.created', (f) => f.message.labels.includes('ask_email'));
  c.send({ type: 'contact.leave', conversation_id: id, email });
  await c.next('message.created', (f) => f.message.labels.includes('contact_saved'));
  return { c, id };
}

const reply = (id: string, content: string, type?: 'comment') =>
  t.app.inject({ method: 'POST', url: `/v1/projects/${t.demo.project_id}/conversations/${id}/messages`, headers: operator.headers, payload: { content, ...(type ? { type } : {}) } });

it('e-mails the reply to a visitor who left an address and is away, in their language, with a link back', async () => {
  const { c, id } = await visitorWhoLeftAnAddress('away@example.test', 'de-DE');
  c.close();
  await c.closed;
  await new Promise((r) => setTimeout(r, 100));
  const after = smtp.received.length;
  // An internal comment is never e-mailed.
  expect((await reply(id, 'Note for the team only', 'comment')).statusCode).toBe(201);
  const res = await reply(id, 'Our plans start at 10 € a month.\nHappy to help further!');
  expect(res.statusCode, res.body).toBe(201);
  const mail = await smtp.waitFor('away@example.test', { after });
  expect(mail.subject).toContain('Antwort');
  expect(mail.text).toContain('Dana');
  expect(mail.text).toContain('> Our plans start at 10 € a month.');
  expect(mail.text).toContain(`${base}/examples/pricing`);
  expect(mail.text).not.toContain('Note for the team only');
  expect(mail.html).toContain('lang="de"');
  const outbox = await t.app.ctx.services.mail.recent(t.demo.organization_id);
  expect(outbox.find((m) => m.to === 'away@example.test')).toMatchObject({ kind: 'visitor_reply', project_id: t.demo.project_id });
});

it("links to the channel's chat page when the reported page is on an origin the channel does not allow", async () => {
  const { c, id } = await visitorWhoLeftAnAddress('elsewhere@example.test', 'en', 'https://phish.example.test/login');
  c.close();
  await c.closed;
  await new Promise((r) => setTimeout(r, 100));
  expect((await reply(id, 'Here is the answer.')).statusCode).toBe(201);
  const mail = await smtp.waitFor('elsewhere@example.test');
  expect(mail.text).not.toContain('phish.example.test');
  expect(mail.text).toContain(`${base}/frame/${t.demo.frame_id}`);
});

it('sends nothing to a visitor who is still connected: the reply reaches the widget', async () => {
  const { c, id } = await visitorWhoLeftAnAddress('here@example.test', 'en');
  try {
    const res = await reply(id, 'I am right here with you.');
    expect(res.statusCode, res.body).toBe(201);
    await c.next('message.created', (f) => f.message.role === 'operator');
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.received.some((m) => JSON.stringify(m.to ?? '').includes('"here@example.test"'))).toBe(false);
    expect((await t.app.ctx.services.mail.recent(t.demo.organization_id)).some((m) => m.to === 'here@example.test')).toBe(false);
  } finally {
    c.close();
  }
});
