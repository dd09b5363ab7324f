// The widget side of human operators in real Chromium (docs/operators.md): a handoff with nobody of
// the team online asks for an e-mail, which the visitor leaves in the widget; then a team member
// takes over and replies, and the visitor sees who answers. axe and the page's CSP stay clean.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, sendMessage, watchPage, widget, type Harness } from './harness.js';
import { axeViolations } from './axe.js';
import { loginAs } from '../../server/http/auth/team-session.fixture.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('operators in the widget', () => {
  it('asks for an e-mail when nobody is online, then shows the operator who replies', async () => {
    const question = 'qwzx plorb vremt?';
    const context = await h.browser.newContext({ locale: 'en-US', bypassCSP: true });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const watch = await watchPage(page, /\/examples\/example\.css/);
    await page.goto(`${h.site}/examples/launcher.html`);
    const w = widget(page, h.frameIds[0]);
    await w.locator('button.launcher').click();
    await w.locator('section.panel').waitFor();
    await sendMessage(page, h.frameIds[0], question);
    await w.locator('li.msg-assistant[data-id]').getByRole('button', { name: 'Connect me with a person' }).click();
    await w.getByRole('group', { name: 'Talk to a person?' }).getByRole('button', { name: 'Yes, connect me' }).click();

    const form = w.locator('form.contact');
    await form.getByText('No one from our team is online right now.').waitFor();
    await form.getByRole('textbox', { name: 'Your e-mail' }).fill('visitor@example.com');
    await form.getByRole('button', { name: 'Send e-mail' }).click();
    await w.locator('li.note', { hasText: 'Thank you. We will reply to visitor@example.com.' }).waitFor();
    expect(await w.locator('form.contact').count()).toBe(0);
    const record = (await h.t.app.ctx.services.conversations.list(h.t.demo.project_id)).find((c) => c.messages.some((m) => m.content === question))!;
    expect((await h.t.app.ctx.services.users.get(h.t.demo.project_id, record.user_id))!.email).toBe('visitor@example.com');

    const ada = await loginAs(h.t, 'operator', { name: 'Ada from Support' });
    const call = (url: string, payload?: object) =>
      h.t.app.inject({ method: 'POST', url: `/v1/projects/${h.t.demo.project_id}/conversations/${record.id}${url}`, headers: ada.headers, ...(payload ? { payload } : {}) });
    expect((await call('/takeover')).statusCode).toBe(200);
    await w.locator('li.note', { hasText: 'Ada from Support from our team joined the conversation.' }).waitFor();
    expect((await call('/messages', { content: 'Hello, I can help with that.' })).statusCode).toBe(201);
    const reply = w.locator('li.msg-operator', { hasText: 'Hello, I can help with that.' });
    await reply.waitFor();
    expect(await reply.locator('.author-name').textContent()).toBe('Ada from Support');
    expect((await call('/messages', { type: 'comment', content: 'internal: VIP' })).statusCode).toBe(201);
    expect((await call('/release')).statusCode).toBe(200);
    await w.locator('li.note', { hasText: 'The assistant is back' }).waitFor();
    expect(await w.getByText('internal: VIP').count()).toBe(0);

    expect(await watch.violations()).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
