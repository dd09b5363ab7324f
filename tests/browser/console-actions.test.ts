// Every operator action from the console's conversation page that the story test does not play:
// AI draft edited and sent (involvement private), summary on demand, status by hand, tags, labels,
// assignment, and hiding one conversation behind its confirmation — plus keyboard shortcuts for them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startHarness, watchPage, type Harness } from './harness.js';
import { apiCall, ensureConsoleBuilt, seedConversation, signIn } from './console-harness.js';

let h: Harness;
let label: { id: string };

beforeAll(async () => {
  ensureConsoleBuilt();
  h = await startHarness();
  label = await apiCall<{ id: string }>(h, 'POST', '/labels', { name: 'Onboarding', color: '#2848c8' });
});
afterAll(async () => {
  await h?.close();
});

const stored = (id: string) => h.t.app.ctx.services.conversations.get(h.t.demo.project_id, id);

async function open(page: Page, id: string) {
  await page.goto(`${h.base}/app/p/${h.t.demo.project_id}/c/${id}`);
  await page.getByRole('log', { name: 'Messages' }).waitFor();
}

describe('conversation page actions', () => {
  it('AI draft, summary, status, tags, labels, assignment, all saved and shown', async () => {
    const c = await seedConversation(h, 'visitor-actions', 'How do I embed the widget?');
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const watch = await watchPage(page);
    await signIn(page, h);
    await open(page, c.id);

    // Take over by shortcut, then an AI draft (key d), edited, sent: a private reply.
    await page.locator('body').click({ position: { x: 1, y: 1 } });
    await page.keyboard.press('t');
    await page.getByRole('button', { name: 'Release to AI' }).waitFor();
    await page.keyboard.press('d');
    const box = page.getByRole('textbox', { name: 'Reply to the visitor' });
    await expect.poll(() => box.inputValue()).not.toBe('');
    await page.getByText('AI draft: edit it, then send.').waitFor();
    await box.fill(`${await box.inputValue()}\n\n— edited by the team`);
    await page.getByRole('button', { name: 'Send reply' }).click();
    const log = page.getByRole('log', { name: 'Messages' });
    await log.locator('li.msg-operator', { hasText: 'edited by the team' }).waitFor();
    await expect.poll(async () => (await stored(c.id))!.ai_involvement).toBe('private');
    expect((await stored(c.id))!.messages.find((m) => m.role === 'operator')!.labels).toContain('ai_draft');

    // Summary (key m) lands as a summary message.
    await page.keyboard.press('m');
    await log.locator('li.msg-summary').first().waitFor();

    // Status by hand, with the system note.
    await page.getByRole('combobox', { name: 'Status' }).selectOption('resolved');
    await page.locator('.conv-head .status', { hasText: 'Resolved' }).waitFor();
    await log.locator('li.msg-note', { hasText: 'resolved' }).waitFor();
    // s reopens.
    await page.locator('body').click({ position: { x: 1, y: 1 } });
    await page.keyboard.press('s');
    await page.locator('.conv-head .status', { hasText: 'Active' }).waitFor();

    // Tags, labels, assignment.
    const tags = page.getByRole('textbox', { name: 'Tags (comma separated)' });
    await tags.fill('billing, vip, billing');
    await tags.press('Enter');
    await expect.poll(async () => (await stored(c.id))!.tags).toEqual(['billing', 'vip']);
    await page.locator('summary', { hasText: 'Change labels' }).click();
    await page.getByRole('checkbox', { name: 'Onboarding' }).check();
    await expect.poll(async () => (await stored(c.id))!.labels).toEqual([label.id]);
    await page.getByRole('region', { name: 'Details' }).locator('.chip', { hasText: 'Onboarding' }).waitFor();
    await page.getByRole('combobox', { name: 'Assigned to' }).selectOption({ label: 'Nobody' });
    await expect.poll(async () => (await stored(c.id))!.assignee_id ?? null).toBeNull();
    await page.getByRole('combobox', { name: 'Assigned to' }).selectOption({ label: 'Demo Owner' });
    await expect.poll(async () => (await stored(c.id))!.assignee_id).toBeTruthy();
    expect(await watch.violations()).toEqual([]);
    await context.close();
  });

  it('hides one conversation only after confirming, then returns to the inbox without it', async () => {
    const c = await seedConversation(h, 'visitor-hide', 'Spam spam spam');
    const context = await h.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await signIn(page, h);
    await open(page, c.id);
    await page.getByRole('button', { name: 'Hide…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Hide this conversation permanently?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect((await stored(c.id))!.hidden).toBe(false);
    await page.getByRole('button', { name: 'Hide…' }).click();
    await dialog.getByRole('button', { name: 'Hide permanently' }).click();
    await page.getByRole('heading', { name: 'Inbox', level: 1 }).waitFor();
    await expect.poll(async () => (await stored(c.id))!.hidden).toBe(true);
    expect(await page.locator(`li[data-conversation-id="${c.id}"]`).count()).toBe(0);
    await context.close();
  });
});
