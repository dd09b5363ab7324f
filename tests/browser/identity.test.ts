// Verified identity through the JS API in real Chromium (spec 2.4; docs/identity.md): the host site signs its
// user with the snippet from docs/identity.md; Parley('identify') makes the anonymous visitor that
// user and moves the conversation; unsigned values never merge; Parley('logout') rotates the device
// and wipes the widget's cookies and state; a channel can require verification.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { TestApp } from '../../server/testing/test-app.js';
import { channelIdentitySecret } from '../../server/domains/identity/channel-secret.js';
import { hostPage, inShadow, startHostScenario, type HostScenario } from './host-site.js';
import { loadIdentitySnippet, type IdentitySnippet } from '../fixtures/identity-snippet.js';

let t: TestApp;
let browser: Browser;
let host: HostScenario['host'];
let scenario: HostScenario;
let secret: string;
let snippet: IdentitySnippet;
/** What the host site's backend renders into the page of its signed-in user (null: signed out). */
let signedIn: Record<string, string> | null = null;
/** The host site's signed-out page calls Parley('logout') as it loads. */
let signedOut = false;

const STUB = `<script>window.Parley=window.Parley||function(){(Parley.q=Parley.q||[]).push(arguments)};</script>`;

beforeAll(async () => {
  snippet = await loadIdentitySnippet();
  scenario = await startHostScenario((path, app, server) => {
    const identify = signedIn ? `<script>Parley('identify', ${JSON.stringify(signedIn)});</script>` : '';
    const logout = signedOut ? `<script>Parley('logout');</script>` : '';
    return hostPage(server, app.demo.frame_id, { body: STUB + identify + logout, mode: path.startsWith('/framed') ? 'iframe' : 'inline' });
  });
  ({ t, host, browser } = scenario);
  secret = (await channelIdentitySecret(t.app.ctx.services.projects, t.demo.project_id)).secret;
});
afterAll(() => scenario?.close());

const P = () => t.demo.project_id;
const svc = () => t.app.ctx.services;
const parley = (page: Page, ...args: unknown[]) => page.evaluate((a) => (window as unknown as { Parley(...x: unknown[]): void }).Parley(...a), args);

async function open(): Promise<{ context: BrowserContext; page: Page; w: Locator }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${host.origin}/account`);
  const w = inShadow(page, t.demo.frame_id);
  await w.locator('section.panel').waitFor();
  return { context, page, w };
}

async function send(w: Locator, text: string) {
  await w.locator('textarea.input').fill(text);
  await w.locator('textarea.input').press('Enter');
  await w.locator('li.msg-user:not(:has(.status))', { hasText: text }).waitFor();
}

async function widgetCookies(context: BrowserContext) {
  const all = await context.cookies(host.origin);
  const get = (kind: string) => all.find((c) => c.name === `parley-${kind}-${t.demo.frame_id}`)?.value;
  return { device: get('device'), user: get('user'), session: get('session') };
}

async function conversationOf(text: string) {
  return (await svc().conversations.list(P())).find((c) => c.messages.some((m) => m.content === text))!;
}

describe('Parley("identify") in the browser', () => {
  it('a signed identity makes the anonymous visitor the known user and moves their conversation', async () => {
    const known = await svc().users.create(P(), { email: 'ada@example.com', first_name: 'Ada' });
    const { context, page, w } = await open();
    await send(w, 'Where is my parcel?');
    const before = await conversationOf('Where is my parcel?');
    expect(before.user_id).not.toBe(known.id);
    const cookiesBefore = await widgetCookies(context);

    await parley(page, 'identify', snippet.parleyIdentity(secret, { email: 'ada@example.com' }));
    await expect.poll(async () => (await svc().conversations.get(P(), before.id))!.user_id).toBe(known.id);
    await expect.poll(async () => (await svc().users.get(P(), known.id))!.email_signed).toBe(true);
    expect(await svc().users.get(P(), known.id)).toMatchObject({ phone_signed: false, external_id_signed: false });
    // The widget now holds tokens for Ada, and after a reload still shows her conversation.
    await expect.poll(async () => (await widgetCookies(context)).user).not.toBe(cookiesBefore.user);
    await page.reload();
    await w.locator('li.msg-user', { hasText: 'Where is my parcel?' }).waitFor();
    await send(w, 'Any news?');
    expect((await conversationOf('Any news?')).user_id).toBe(known.id);
    await context.close();
  });

  it('identifies from a call queued before the loader ran (JWT variant)', async () => {
    signedIn = snippet.parleyIdentityToken(secret, { external_id: 'cust-9000', email: 'cy@example.com' });
    try {
      const { context, w } = await open();
      await send(w, 'Hello from a signed-in page');
      const conversation = await conversationOf('Hello from a signed-in page');
      expect(await svc().users.get(P(), conversation.user_id!)).toMatchObject({ external_id: 'cust-9000', external_id_signed: true, email: 'cy@example.com', email_signed: true });
      await context.close();
    } finally {
      signedIn = null;
    }
  });

  it('a genuine signature of a variant spelling never merges into the canonical user', async () => {
    const known = await svc().users.create(P(), { email: 'vic@example.com' });
    const { context, page, w } = await open();
    await send(w, 'I am not Vic');
    // The host site signed exactly what it holds for this account: another spelling of Vic's address.
    await parley(page, 'identify', snippet.parleyIdentity(secret, { email: 'Vic@Example.com ' }));
    // Frames of one connection are handled in order: once this message is stored, the identify was handled.
    await send(w, 'Still not Vic');
    const conversation = await conversationOf('Still not Vic');
    expect(conversation.user_id).not.toBe(known.id);
    expect(await svc().users.get(P(), conversation.user_id!)).toMatchObject({ email: null, email_signed: false });
    expect((await svc().users.get(P(), known.id))!.email_signed).toBe(false);
    await context.close();
  });

  it('unsigned values are stored but never merge', async () => {
    const known = await svc().users.create(P(), { email: 'dan@example.com' });
    const { context, page, w } = await open();
    await send(w, 'I am Dan, honestly');
    await parley(page, 'identify', { email: 'dan@example.com' });
    const conversation = await conversationOf('I am Dan, honestly');
    await expect.poll(async () => (await svc().users.get(P(), conversation.user_id!))!.external_attributes).toMatchObject({ unverified_email: 'dan@example.com' });
    expect(conversation.user_id).not.toBe(known.id);
    expect((await svc().users.get(P(), conversation.user_id!))!.email_signed).toBe(false);
    await context.close();
  });
});

describe('Parley("logout") in the browser', () => {
  it('rotates the device binding and wipes the widget cookies, state and history', async () => {
    const { context, page, w } = await open();
    await parley(page, 'identify', snippet.parleyIdentity(secret, { external_id: 'cust-logout' }));
    await send(w, 'A private question');
    const before = await widgetCookies(context);
    expect(before.device && before.user && before.session).toBeTruthy();
    const storedBefore = await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('parley:')));
    expect(storedBefore.length).toBeGreaterThan(0);

    await parley(page, 'logout');
    await w.locator('li.msg-user').waitFor({ state: 'detached' });
    // The server's fresh welcome brings a new, rotated device token.
    await expect.poll(async () => { const d = (await widgetCookies(context)).device; return Boolean(d) && d !== before.device; }).toBe(true);
    const after = await widgetCookies(context);
    expect(after.user).toBeUndefined();
    expect(after.session).toBeUndefined();
    // Tab state: no conversation, queue or read mark of the previous visitor is left (the fresh
    // anonymous visitor's empty queue and read mark 0 may be written again).
    const left = await page.evaluate(() => Object.entries(sessionStorage).filter(([k]) => k.startsWith('parley:')));
    expect(left.filter(([k, v]) => !((k.endsWith(':read') && v === '0') || v === '[]'))).toEqual([]);

    // A reload starts anonymous: the conversation is not shown.
    await page.reload();
    await w.locator('section.panel').waitFor();
    await w.locator('li.msg-assistant').first().waitFor(); // the greeting, after the welcome
    expect(await w.locator('li.msg-user').count()).toBe(0);
    const conversation = await conversationOf('A private question');

    // The old tokens are dead on the server too: put them back (as a copied cookie would) and the
    // conversation still does not open.
    await context.addCookies(
      (['device', 'user', 'session'] as const).map((kind) => ({ name: `parley-${kind}-${t.demo.frame_id}`, value: before[kind]!, url: host.origin })),
    );
    await page.evaluate(([key, id]) => sessionStorage.setItem(key!, JSON.stringify(id)), [`parley:${t.demo.frame_id}:conversation`, conversation.id]);
    await page.reload();
    await w.locator('li.msg-assistant').first().waitFor();
    await expect.poll(async () => (await widgetCookies(context)).session).toBeUndefined(); // refused and forgotten
    expect(await w.locator('li.msg-user').count()).toBe(0);

    // Sending now starts a new conversation for a new anonymous user.
    await send(w, 'Someone else on this computer');
    expect((await conversationOf('Someone else on this computer')).user_id).not.toBe(conversation.user_id);
    await context.close();
  });
});

describe('Parley("logout") queued on the signed-out page, before the loader ran', () => {
  it('still revokes the old session and retires the device on the server', async () => {
    const { context, page, w } = await open();
    await parley(page, 'identify', snippet.parleyIdentity(secret, { external_id: 'cust-signout' }));
    await send(w, 'Before signing out');
    const before = await widgetCookies(context);
    const conversation = await conversationOf('Before signing out');

    signedOut = true;
    try {
      await page.reload();
      await w.locator('section.panel').waitFor();
      await expect.poll(async () => { const d = (await widgetCookies(context)).device; return Boolean(d) && d !== before.device; }).toBe(true);
    } finally {
      signedOut = false;
    }
    expect(await widgetCookies(context)).toMatchObject({ user: undefined, session: undefined });
    expect(await w.locator('li.msg-user').count()).toBe(0);

    // The pre-logout cookies, put back as a copy would be, open nothing and bind no one.
    await context.addCookies(
      (['device', 'user', 'session'] as const).map((kind) => ({ name: `parley-${kind}-${t.demo.frame_id}`, value: before[kind]!, url: host.origin })),
    );
    await page.reload();
    await w.locator('li.msg-assistant').first().waitFor();
    await expect.poll(async () => (await widgetCookies(context)).user).toBeUndefined();
    expect(await w.locator('li.msg-user').count()).toBe(0);
    await send(w, 'Not the signed-out user');
    expect((await conversationOf('Not the signed-out user')).user_id).not.toBe(conversation.user_id);
    await context.close();
  });
});

describe('iframe mode', () => {
  it('forwards identify and logout from the host page to the chat frame', async () => {
    const known = await svc().users.create(P(), { external_id: 'cust-frame' });
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${host.origin}/framed`);
    const w = page.frameLocator('parley-widget iframe').locator(`parley-widget[data-frame-id="${t.demo.frame_id}"]`);
    await w.locator('section.panel').waitFor();
    await send(w, 'Hello from inside the frame');
    const conversation = await conversationOf('Hello from inside the frame');
    await parley(page, 'identify', snippet.parleyIdentity(secret, { external_id: 'cust-frame' }));
    await expect.poll(async () => (await svc().conversations.get(P(), conversation.id))!.user_id).toBe(known.id);
    await parley(page, 'logout');
    await w.locator('li.msg-user').waitFor({ state: 'detached' });
    await page.reload();
    await page.frameLocator('parley-widget iframe').locator('li.msg-assistant').first().waitFor();
    expect(await page.frameLocator('parley-widget iframe').locator('li.msg-user').count()).toBe(0);
    await context.close();
  });
});

describe('a channel that requires verification', () => {
  it('refuses chat in the visitor’s language until the page identifies them', async () => {
    await channelIdentitySecret(svc().projects, P(), { requireVerified: true });
    try {
      const { context, page, w } = await open();
      await w.locator('textarea.input').fill('Can I chat?');
      await w.locator('textarea.input').press('Enter');
      await w.locator('[data-pending="failed"]', { hasText: 'Please sign in on this website to chat with us.' }).waitFor();
      await parley(page, 'identify', snippet.parleyIdentity(secret, { email: 'eve@example.com' }));
      await w.getByRole('button', { name: 'Retry' }).click();
      await w.locator('li.msg-user:not(:has(.status))', { hasText: 'Can I chat?' }).waitFor();
      const conversation = await conversationOf('Can I chat?');
      expect((await svc().users.get(P(), conversation.user_id!))!.email_signed).toBe(true);
      await context.close();
    } finally {
      await channelIdentitySecret(svc().projects, P(), { requireVerified: false });
    }
  });
});
