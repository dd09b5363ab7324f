// The team console's shell and inbox in real Chromium (README "Team console"): sign in at /app, the
// inbox with its filters, the escalated queue and unread counts, a conversation with the visitor
// panel — with no CSP violation under the console's strict policy, no axe violation, usable at
// 390 px wide and by keyboard alone. Screenshots land in dist/screenshots/console.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startHarness, watchPage, type Harness } from './harness.js';
import { axeViolations } from './axe.js';
import { apiCall, ensureConsoleBuilt, layoutProblems, seedConversation, shot, signIn } from './console-harness.js';

let h: Harness;
let browser: Browser;
let first: { id: string };
let escalated: { id: string };

beforeAll(async () => {
  ensureConsoleBuilt();
  h = await startHarness();
  browser = h.browser;
  const label = await apiCall<{ id: string }>(h, 'POST', '/labels', { name: 'Billing', color: '#b3261e' });
  first = await seedConversation(h, 'visitor-ada', 'How do I embed the widget on my site?');
  await apiCall(h, 'PATCH', `/conversations/${first.id}`, { labels: [label.id], tags: ['onboarding'], topic: 'Embedding the widget' });
  escalated = await seedConversation(h, 'visitor-bob', 'My invoice is wrong, I need a person.');
  await apiCall(h, 'PATCH', `/conversations/${escalated.id}`, { status: 'escalated', topic: 'Wrong invoice' });
});
afterAll(async () => {
  await h?.close();
});

describe('team console: sign in and inbox', () => {
  it('serves /app under a strict CSP and falls back to the app for client routes', async () => {
    for (const url of ['/app', '/app/', `/app/p/${h.t.demo.project_id}/inbox`, `/app/p/${h.t.demo.project_id}/inbox?status=resolved`, '/app/login']) {
      const res = await fetch(`${h.base}${url}`);
      expect(res.status, url).toBe(200);
      const csp = res.headers.get('content-security-policy')!;
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("style-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(await res.text()).toContain('<div id="root">');
    }
    expect((await fetch(`${h.base}/app/assets/missing.js`)).status).toBe(404);
  });

  it('signs in, lists conversations with filters, the escalated queue and unread counts; no CSP violations', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const watch = await watchPage(page);
    await signIn(page, h);

    const queue = page.getByTestId('escalated-queue');
    await queue.getByRole('link', { name: 'Wrong invoice' }).waitFor();
    await expect.poll(() => page.title()).toMatch(/^\(1\) /);
    const row = page.locator(`li[data-conversation-id="${first.id}"]`);
    await row.getByRole('link', { name: 'Embedding the widget' }).waitFor();
    await row.getByText('Billing').waitFor();
    expect(await row.getByTestId('unread').textContent()).toMatch(/^1/);

    // Advanced filter: status Resolved hides both; Unresolved shows the active one only.
    await page.getByText('More filters').click();
    await page.locator('details.checklist summary', { hasText: 'Status' }).click();
    await page.getByRole('checkbox', { name: 'Unresolved' }).check();
    await page.locator(`li[data-conversation-id="${escalated.id}"]`).waitFor({ state: 'detached' });
    await row.waitFor();
    await page.getByRole('checkbox', { name: 'Unresolved' }).uncheck();
    await page.locator(`li[data-conversation-id="${escalated.id}"]`).waitFor();
    await shot(page, 'inbox-desktop');

    // Opening a conversation reads it: its unread badge is gone back in the inbox.
    await row.getByRole('link', { name: 'Embedding the widget' }).click();
    await page.getByRole('heading', { name: 'Embedding the widget', level: 1 }).waitFor();
    await page.getByRole('log', { name: 'Messages' }).getByText('How do I embed the widget on my site?').waitFor();
    await page.getByRole('region', { name: 'Visitor' }).getByText('visitor-ada').waitFor();
    await shot(page, 'conversation-desktop');
    await page.getByRole('link', { name: '← Inbox' }).click();
    await row.waitFor();
    expect(await row.getByTestId('unread').count()).toBe(0);

    expect(await watch.violations()).toEqual([]);
    await context.close();
  });

  for (const [name, viewport] of [
    ['desktop', { width: 1280, height: 900 }],
    ['390px', { width: 390, height: 844 }],
  ] as const) {
    it(`axe finds no violations and nothing overflows (${name}): login, inbox, conversation`, async () => {
      // axe-core is injected as a script, which the console's CSP rightly refuses: this context bypasses it.
      const context = await browser.newContext({ viewport, bypassCSP: true });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      await page.goto(`${h.base}/app`);
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect(await layoutProblems(page)).toEqual([]);
      await signIn(page, h);
      await page.locator(`li[data-conversation-id="${first.id}"]`).waitFor();
      await page.getByText('More filters').click();
      expect(await axeViolations(page)).toEqual([]);
      expect(await layoutProblems(page)).toEqual([]);
      if (name === '390px') await shot(page, 'inbox-390');
      await page.getByRole('link', { name: 'Embedding the widget' }).click();
      // On a phone the details are a pane of their own, behind the Details button.
      if (name === '390px') await page.getByRole('button', { name: 'Details' }).click();
      await page.getByRole('region', { name: 'Visitor' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect(await layoutProblems(page)).toEqual([]);
      if (name === '390px') await shot(page, 'conversation-390');
      await context.close();
    });
  }

  it('updates live (new conversations, unread counts), switches projects and signs out', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const watch = await watchPage(page);
    await signIn(page, h);
    const firstRow = page.locator(`li[data-conversation-id="${first.id}"]`);
    await firstRow.getByRole('link').click();
    await page.getByRole('log', { name: 'Messages' }).waitFor();
    await page.getByRole('link', { name: '← Inbox' }).click();
    await firstRow.waitFor();
    expect(await firstRow.getByTestId('unread').count()).toBe(0);

    // A new conversation appears without a reload; a new message in a read one shows as unread.
    const fresh = await seedConversation(h, 'visitor-live', 'Do you have a status page?');
    await page.locator(`li[data-conversation-id="${fresh.id}"]`).waitFor();
    await h.t.app.ctx.services.conversations.append(h.t.demo.project_id, first.id, { role: 'user', content: 'Still there?' });
    await firstRow.getByTestId('unread').filter({ hasText: '1' }).waitFor();

    // The project switcher lists the organization's projects and opens the chosen one's inbox.
    const other = await h.t.app.ctx.services.projects.createProject({ organizationId: h.t.demo.organization_id, name: 'Second shop' });
    await page.reload();
    await firstRow.waitFor();
    await page.getByRole('combobox', { name: 'Project' }).selectOption({ label: 'Second shop' });
    await page.waitForURL(`**/app/p/${other.id}/inbox`);
    await page.getByText('No conversations match these filters.').waitFor();
    await page.getByTestId('feed-status').filter({ hasText: 'Live' }).waitFor();
    await page.getByRole('combobox', { name: 'Project' }).selectOption({ label: 'Demo project' });
    await firstRow.waitFor();

    // Sign out: back to the sign-in page, and a reload stays signed out.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    // Wrong password: a clear message, no sign-in.
    await page.getByLabel('E-mail').fill(h.t.demo.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Wrong email or password' }).waitFor();
    expect(await watch.violations()).toEqual([]);
    await context.close();
  });

  it('works by keyboard: skip link, j/k through the list, Enter opens, ? lists shortcuts, Escape goes back', async () => {
    const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const watch = await watchPage(page);
    await page.goto(`${h.base}/app`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.type(h.t.demo.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(h.t.demo.password);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Inbox', level: 1 }).waitFor();
    await page.locator(`li[data-conversation-id="${first.id}"]`).waitFor();

    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.locator('body').click({ position: { x: 1, y: 400 } });
    await page.keyboard.press('j');
    const focused = () => page.evaluate(() => document.activeElement?.closest('li')?.getAttribute('data-conversation-id'));
    const order = await page.locator('.conversation-list li').evaluateAll((els) => els.map((e) => e.getAttribute('data-conversation-id')));
    expect(await focused()).toBe(order[0]);
    await page.keyboard.press('j');
    expect(await focused()).toBe(order[1]);
    await page.keyboard.press('x');
    expect(await page.locator(`li[data-conversation-id="${order[1]}"] input[type=checkbox]`).isChecked()).toBe(true);
    await page.keyboard.press('k');
    expect(await focused()).toBe(order[0]);
    await page.keyboard.press('Enter');
    await page.getByRole('log', { name: 'Messages' }).waitFor();

    await page.keyboard.press('?');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor({ state: 'hidden' });
    // n focuses the note box; typing there never triggers shortcuts.
    await page.keyboard.press('n');
    // The note box takes focus once the composer has switched mode (after its render), so wait for it.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('composer-text');
    await page.keyboard.type('t');
    expect(await page.locator('#composer-text').inputValue()).toBe('t');
    await page.locator('#composer-text').fill('');
    await page.locator('body').click({ position: { x: 1, y: 1 } });
    await page.keyboard.press('Escape');
    await page.getByRole('heading', { name: 'Inbox', level: 1 }).waitFor();
    expect(await watch.violations()).toEqual([]);
    await context.close();
  });
  it('keeps what the operator types while a reply is in flight, and gives a failed reply back', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await signIn(page, h);
    await page.goto(`${h.base}/app/p/${h.t.demo.project_id}/c/${first.id}`);
    const box = page.getByRole('textbox', { name: 'Reply to the visitor' });
    const sendButton = page.getByRole('button', { name: 'Send reply' });
    // Hold the first send until the next message is typed, then let it through.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let failNext = false;
    await page.route(`**/conversations/${first.id}/messages`, async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      if (failNext) return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'unavailable', message: 'Try again in a moment.' }) });
      await held;
      await route.continue();
    });
    await box.fill('First reply');
    await sendButton.click();
    await expect.poll(() => box.inputValue()).toBe('');
    await box.fill('Second reply, typed meanwhile');
    release();
    await page.getByRole('log', { name: 'Messages' }).getByText('First reply', { exact: true }).waitFor();
    expect(await box.inputValue()).toBe('Second reply, typed meanwhile');
    // The reply can reach the log over the team feed before its POST's answer ends the send.
    await expect.poll(() => sendButton.isEnabled()).toBe(true);

    failNext = true;
    await sendButton.click();
    await page.getByRole('alert').getByText('Try again in a moment.').waitFor();
    expect(await box.inputValue()).toBe('Second reply, typed meanwhile');
    await context.close();
  });
});
