// The inbox as a three-pane work queue in real Chromium at 1280×800 and 390×844:
// the list with previews, waiting time, assignee and live view counts; search over messages; the
// conversation in the middle with its reply box pinned inside the window and the AI's Markdown
// rendered; visitor, rating and feedback, labels and previous conversations on the right. On a
// phone one pane at a time with back controls, and the navigation behind the Menu button. No axe,
// CSP or console errors. Screenshots of both sizes go to /tmp for a person to look at.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startHarness, watchPage, type Harness } from './harness.js';
import { axeViolations } from './axe.js';
import { apiCall, ensureConsoleBuilt, layoutProblems, seedConversation, signIn } from './console-harness.js';

let h: Harness;
const ids: Record<string, string> = {};

beforeAll(async () => {
  ensureConsoleBuilt();
  h = await startHarness();
  const s = h.t.app.ctx.services;
  const pid = h.t.demo.project_id;
  const label = await apiCall<{ id: string }>(h, 'POST', '/labels', { name: 'Billing', color: '#1d6b3a' });
  ids.old = (await seedConversation(h, 'visitor-ada', 'Last month: my résumé upload failed')).id;
  await s.conversations.patch(pid, ids.old, { status: 'resolved', topic: 'Upload failed' });
  ids.main = (await seedConversation(h, 'visitor-ada', 'How do I change my plan?')).id;
  await s.conversations.append(pid, ids.main, { role: 'assistant', content: 'Open **Settings** and pick a plan:\n\n- Basic\n- Pro' });
  await s.conversations.patch(pid, ids.main, { topic: 'Changing plans', labels: [label.id], rating: 4, rating_feedback: 'Quick and clear, thanks' });
  ids.queued = (await seedConversation(h, 'visitor-bob', 'I need a person for my invoice')).id;
  await s.conversations.patch(pid, ids.queued, { status: 'escalated', operator_active: true, holder: 'queue', topic: 'Invoice question' });
  const me = (await s.org.listMembers(h.t.demo.organization_id)).find((m) => m.email === h.t.demo.email);
  ids.member = me!.id;
  ids.mine = (await seedConversation(h, 'visitor-cy', 'Where is my parcel?')).id;
  await s.conversations.patch(pid, ids.mine, { status: 'escalated', operator_active: true, holder: 'operator', assignee_id: ids.member, topic: 'Parcel' });
});
afterAll(async () => {
  await h?.close();
});

async function counts(page: Page) {
  const out: Record<string, string> = {};
  for (const v of ['mine', 'unassigned', 'waiting', 'all']) out[v] = (await page.getByTestId(`count-${v}`).textContent()) ?? '';
  return out;
}

/** The reply box lies wholly inside the window (pinned, no scrolling needed). */
async function composerInView(page: Page) {
  const box = (await page.getByRole('textbox', { name: 'Reply to the visitor' }).boundingBox())!;
  const send = (await page.getByRole('button', { name: 'Send reply' }).boundingBox())!;
  const vp = page.viewportSize()!;
  expect(box.y).toBeGreaterThan(0);
  expect(send.y + send.height).toBeLessThanOrEqual(vp.height);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
}

const row = (page: Page, id: string) => page.locator(`li[data-conversation-id="${id}"]`);

describe('console: the inbox as a work queue', () => {
  it('three panes at 1280×800: list with previews and counts, search, pinned reply box, details', { timeout: 90_000 }, async () => {
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const watch = await watchPage(page);
    await signIn(page, h);
    // Counted once signed in: the sign-in page's session probe answers 401 by design.
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));

    // Open tab, All view: the resolved one is under Resolved; counts per view.
    await row(page, ids.main).waitFor();
    await expect.poll(() => counts(page)).toEqual({ mine: '1', unassigned: '2', waiting: '1', all: '3' });
    expect(await row(page, ids.old).count()).toBe(0);
    expect(await row(page, ids.main).getByTestId('preview').textContent()).toBe('AI: Open **Settings** and pick a plan: - Basic - Pro');
    await row(page, ids.queued).getByTestId('waiting').waitFor();
    expect(await row(page, ids.mine).getByTestId('assignee').getAttribute('aria-label')).toBe('Assigned to Demo Owner');

    await page.getByRole('button', { name: /^Waiting/ }).click();
    await row(page, ids.main).waitFor({ state: 'detached' });
    await row(page, ids.queued).waitFor();
    await page.getByRole('button', { name: /^Mine/ }).click();
    await row(page, ids.mine).waitFor();
    expect(await page.locator('.conversation-list > li').count()).toBe(1);
    await page.getByRole('button', { name: /^All/ }).click();
    await page.getByRole('button', { name: 'Resolved' }).click();
    await row(page, ids.old).waitFor();
    await expect.poll(() => counts(page)).toEqual({ mine: '0', unassigned: '1', waiting: '0', all: '1' });
    await page.getByRole('button', { name: 'Open' }).click();

    // Search over messages, case- and accent-insensitive; the counts follow it.
    await page.getByRole('searchbox', { name: 'Search messages' }).fill('PARCEL');
    await row(page, ids.main).waitFor({ state: 'detached' });
    await row(page, ids.mine).waitFor();
    await expect.poll(() => counts(page)).toEqual({ mine: '1', unassigned: '0', waiting: '0', all: '1' });
    await page.getByRole('searchbox', { name: 'Search messages' }).fill('');
    await row(page, ids.main).waitFor();

    // A conversation opens in the middle; the list stays on the left, the details on the right.
    await row(page, ids.main).getByRole('link').click();
    await page.getByRole('heading', { name: 'Changing plans', level: 1 }).waitFor();
    const log = page.getByRole('log', { name: 'Messages' });
    await log.locator('strong', { hasText: 'Settings' }).waitFor();
    await expect.poll(() => log.locator('.msg-md li').allTextContents()).toEqual(['Basic', 'Pro']);
    const details = page.getByRole('complementary', { name: 'About this conversation' });
    await details.getByRole('region', { name: 'Visitor' }).waitFor();
    await details.getByTestId('rating').getByText('Rated 4 of 5').waitFor();
    expect(await details.getByTestId('feedback').textContent()).toBe('Quick and clear, thanks');
    await details.getByText('Billing').first().waitFor();
    await details.getByRole('region', { name: 'Previous conversations' }).getByRole('link', { name: 'Upload failed' }).waitFor();
    expect(await page.getByRole('region', { name: 'Inbox', exact: true }).isVisible()).toBe(true);
    expect(await row(page, ids.main).getByRole('link').getAttribute('aria-current')).toBe('true');
    await composerInView(page);
    // A live change: taking the queued one over moves it from Waiting and Unassigned to Mine.
    await h.t.app.ctx.services.conversations.patch(h.t.demo.project_id, ids.queued, { holder: 'operator', assignee_id: ids.member });
    await expect.poll(() => counts(page)).toEqual({ mine: '2', unassigned: '1', waiting: '0', all: '3' });

    await page.screenshot({ path: '/tmp/inbox-desktop.png' });
    expect(await watch.violations()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();

    const audit = await h.browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
    const a = await audit.newPage();
    a.setDefaultTimeout(20_000);
    await signIn(a, h);
    await row(a, ids.main).getByRole('link').click();
    await a.getByRole('region', { name: 'Previous conversations' }).getByRole('link').first().waitFor();
    expect(await axeViolations(a)).toEqual([]);
    expect(await layoutProblems(a)).toEqual([]);
    await audit.close();
  });

  it('the navigation is one row at 1280×800 (and narrower), the less used pages and those that do not fit behind More (keyboard, Escape, current page named)', { timeout: 60_000 }, async () => {
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await signIn(page, h);
    /** Vertical centres of the top bar's visible controls: one row is one centre (give or take). */
    const rows = () =>
      page.evaluate(() => {
        const centres = [...document.querySelectorAll<HTMLElement>('.topbar a[href], .topbar button, .topbar select, .topbar .brand')]
          .filter((e) => e.getClientRects().length > 0 && !e.closest('#main-nav-more, .skip'))
          .map((e) => e.getBoundingClientRect())
          .map((r) => r.top + r.height / 2);
        return Math.max(...centres) - Math.min(...centres);
      });
    expect(await rows()).toBeLessThan(8);
    const nav = page.getByRole('navigation', { name: 'Console' });
    expect(await nav.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
    const labels = nav.getByRole('link', { name: 'Labels', exact: true });
    expect(await labels.isVisible()).toBe(false);
    // By keyboard: More opens its list, Escape closes it and gives focus back.
    const more = nav.getByRole('button', { name: 'More' });
    await more.focus();
    await page.keyboard.press('Enter');
    await labels.waitFor();
    expect(await more.getAttribute('aria-expanded')).toBe('true');
    expect(await axeViolations(page)).toEqual([]);
    expect(await layoutProblems(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await labels.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.classList.contains('more-button'))).toBe(true);
    // A click elsewhere closes it too; a page of its own is named on the button, still one row.
    await more.click();
    await labels.waitFor();
    await page.locator('h1').first().click();
    await labels.waitFor({ state: 'hidden' });
    await more.click();
    await labels.click();
    await page.getByRole('heading', { name: 'Labels', level: 1 }).waitFor();
    await nav.getByRole('button', { name: 'More: Labels' }).waitFor();
    expect(await rows()).toBeLessThan(8);
    expect(await axeViolations(page)).toEqual([]);
    // Narrower: the links that no longer fit move behind More, still one row; wider again, they are back.
    const knowledge = nav.getByRole('link', { name: 'Knowledge', exact: true });
    await page.setViewportSize({ width: 900, height: 800 });
    await knowledge.waitFor({ state: 'hidden' });
    expect(await rows()).toBeLessThan(8);
    expect(await layoutProblems(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await knowledge.waitFor();
    expect(await rows()).toBeLessThan(8);
    await context.close();
  });

  it('one pane at a time at 390×844, with back controls and the navigation behind Menu', { timeout: 90_000 }, async () => {
    const context = await h.browser.newContext({ viewport: { width: 390, height: 844 }, bypassCSP: true });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await signIn(page, h);
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await row(page, ids.main).waitFor();
    // The navigation: one Menu button instead of rows of links.
    const nav = page.getByRole('navigation', { name: 'Console' });
    expect(await nav.getByRole('link', { name: 'Knowledge', exact: true }).isVisible()).toBe(false);
    await nav.getByRole('button', { name: 'Menu' }).click();
    await nav.getByRole('link', { name: 'Knowledge', exact: true }).waitFor();
    // One list: the pages behind More on a wide screen are in it too, and no More button.
    await nav.getByRole('link', { name: 'Labels', exact: true }).waitFor();
    expect(await nav.getByRole('button', { name: /^More/ }).isVisible()).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await nav.getByRole('button', { name: 'Menu' }).click();
    await nav.getByRole('link', { name: 'Knowledge', exact: true }).waitFor({ state: 'hidden' });
    expect(await page.getByRole('region', { name: 'Conversation', exact: true }).isVisible()).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    expect(await layoutProblems(page)).toEqual([]);

    await row(page, ids.main).getByRole('link').click();
    await page.getByRole('heading', { name: 'Changing plans', level: 1 }).waitFor();
    expect(await page.getByRole('region', { name: 'Inbox', exact: true }).isVisible()).toBe(false);
    await composerInView(page);
    await page.screenshot({ path: '/tmp/inbox-phone.png' });
    expect(await axeViolations(page)).toEqual([]);
    expect(await layoutProblems(page)).toEqual([]);

    await page.getByRole('button', { name: 'Details' }).click();
    const details = page.getByRole('complementary', { name: 'About this conversation' });
    await details.getByTestId('feedback').waitFor();
    expect(await page.getByRole('textbox', { name: 'Reply to the visitor' }).isVisible()).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/inbox-phone-details.png' });
    await details.getByRole('button', { name: '← Conversation' }).click();
    await page.getByRole('textbox', { name: 'Reply to the visitor' }).waitFor();
    await page.getByRole('link', { name: '← Inbox' }).click();
    await row(page, ids.main).waitFor();
    expect(await page.getByRole('region', { name: 'Conversation', exact: true }).isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
