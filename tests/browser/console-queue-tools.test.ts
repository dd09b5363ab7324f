// The queue tools in real Chromium: the Labels page (create, rename, colour, delete, used-by counts;
// a label made over the API appears without a reload, through the team feed) and the reply box's
// canned reply picker (`/` and a shortcut offers saved answers; Enter inserts the text), and the
// snooze control in a conversation's details. No CSP
// violation, no console error; axe-clean and nothing overflowing at 1280 and 390 px.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { watchPage } from './harness.js';
import { apiCall, consoleHarness, itPassesAxeAndFits, navTo, seedConversation, shot, signIn } from './console-harness.js';

const h = consoleHarness();

interface Label {
  id: string;
  name: string;
  color: string | null;
  conversation_count: number;
}
const labels = async () => (await apiCall<{ data: Label[] }>(h, 'GET', '/labels')).data;
const row = (page: Page, name: string) => page.getByRole('form', { name: `Label ${name}`, exact: true });

async function openLabels(page: Page, by: 'nav' | 'url' = 'nav') {
  await signIn(page, h);
  if (by === 'nav') await navTo(page, 'Labels');
  else await page.goto(`${h.base}/app/p/${h.t.demo.project_id}/labels`);
  await page.getByRole('heading', { name: 'Labels', level: 1 }).waitFor();
}

/** Console and page errors from the call on (after sign-in: the login page's signed-out probe answers 401). */
async function errorsOf(page: Page) {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}

describe('team console: labels and canned replies', () => {
  it('creates, renames, recolours and deletes labels with used-by counts; one made over the API appears without a reload', async () => {
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const watch = await watchPage(page);
    await openLabels(page);
    const errors = await errorsOf(page);

    await page.getByLabel('Label name', { exact: true }).fill('Billing');
    await page.locator('.label-new input[type=color]').fill('#cc3300');
    await page.getByRole('button', { name: 'Create label' }).click();
    await page.getByRole('status').getByText('Label Billing created.').waitFor();
    const billing = (await labels()).find((l) => l.name === 'Billing')!;
    expect(billing).toMatchObject({ color: '#cc3300', conversation_count: 0 });

    // Used by: counted when the page reads the list.
    const c = await seedConversation(h, 'labels-visitor', 'Where is my invoice?');
    await apiCall(h, 'PATCH', `/conversations/${c.id}`, { labels: [billing.id] });
    await page.reload();
    await row(page, 'Billing').getByText('Used by 1 conversation').waitFor();

    await row(page, 'Billing').getByLabel('Name', { exact: true }).fill('Invoices');
    await row(page, 'Billing').locator('input[type=color]').fill('#0055aa');
    await row(page, 'Billing').getByRole('button', { name: 'Save Billing' }).click();
    await page.getByRole('status').getByText('Label Invoices saved.').waitFor();
    expect((await labels()).find((l) => l.id === billing.id)).toMatchObject({ name: 'Invoices', color: '#0055aa', conversation_count: 1 });

    // Made over the API: here at once, without a reload.
    await apiCall(h, 'POST', '/labels', { name: 'Made by API', color: '#118844' });
    await row(page, 'Made by API').waitFor();
    await shot(page, 'labels-desktop');

    await row(page, 'Invoices').getByRole('button', { name: 'Delete Invoices' }).click();
    await page.getByRole('dialog', { name: 'Delete Invoices?' }).getByRole('button', { name: 'Delete label' }).click();
    await page.getByRole('status').getByText('Label Invoices deleted.').waitFor();
    expect((await labels()).map((l) => l.name)).not.toContain('Invoices');
    expect((await apiCall<{ labels: string[] }>(h, 'GET', `/conversations/${c.id}`)).labels).toEqual([]);
    expect(await row(page, 'Invoices').count()).toBe(0);

    expect(await watch.violations()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('offers canned replies after / in the reply box and inserts the chosen one', async () => {
    await apiCall(h, 'POST', '/canned-replies', { shortcut: 'refund', title: 'Refund policy', content: 'Refunds reach your card within 5 working days.' });
    await apiCall(h, 'POST', '/canned-replies', { shortcut: 'hours', title: 'Opening hours', content: 'We answer from 9:00 to 17:00.' });
    const c = await seedConversation(h, 'canned-visitor', 'I want my money back');
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const watch = await watchPage(page);
    await signIn(page, h);
    const errors = await errorsOf(page);
    await page.goto(`${h.base}/app/p/${h.t.demo.project_id}/c/${c.id}`);
    const box = page.getByRole('textbox', { name: 'Reply to the visitor' });
    await box.fill('Hello! /re');
    const list = page.getByRole('listbox', { name: 'Canned replies' });
    await list.getByRole('option', { name: '/refund Refund policy' }).waitFor();
    expect(await list.getByRole('option').count()).toBe(1);
    expect(await box.getAttribute('aria-activedescendant')).toBe(await list.getByRole('option').first().getAttribute('id'));
    await box.press('Enter');
    expect(await box.inputValue()).toBe('Hello! Refunds reach your card within 5 working days.');
    expect(await list.count()).toBe(0);
    // Nothing was sent by that Enter: the reply is still in the box, and goes with the next one.
    await box.press('Enter');
    await page.getByText('Hello! Refunds reach your card within 5 working days.').first().waitFor();
    const sent = await apiCall<{ messages: { role: string; content: string }[] }>(h, 'GET', `/conversations/${c.id}`);
    expect(sent.messages.filter((m) => m.role === 'operator').map((m) => m.content)).toEqual(['Hello! Refunds reach your card within 5 working days.']);

    // ↓ moves the choice; Escape closes the list and leaves the text alone.
    await box.fill('/');
    await list.getByRole('option').nth(1).waitFor();
    await box.press('ArrowDown');
    expect(await list.getByRole('option', { name: '/refund Refund policy' }).getAttribute('aria-selected')).toBe('true');
    await box.press('Escape');
    expect(await list.count()).toBe(0);
    expect(await box.inputValue()).toBe('/');
    expect(await watch.violations()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('snoozes a conversation from its details and wakes it by hand', async () => {
    const c = await seedConversation(h, 'snooze-visitor', 'No hurry, answer tomorrow');
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const watch = await watchPage(page);
    await signIn(page, h);
    const errors = await errorsOf(page);
    await page.goto(`${h.base}/app/p/${h.t.demo.project_id}/c/${c.id}`);
    const snooze = page.getByRole('form', { name: 'Snooze' });
    await snooze.getByRole('combobox', { name: 'Snooze for' }).selectOption({ label: '4 hours' });
    const before = Date.now();
    await snooze.getByRole('button', { name: 'Snooze' }).click();
    await page.getByTestId('snoozed-until').waitFor();
    const after = Date.now();
    const stored = await apiCall<{ snoozed_until: string | null }>(h, 'GET', `/conversations/${c.id}`);
    // Four hours from the click: between four hours after the moments before and after it.
    expect(Date.parse(stored.snoozed_until!)).toBeGreaterThanOrEqual(before + 4 * 3_600_000);
    expect(Date.parse(stored.snoozed_until!)).toBeLessThanOrEqual(after + 4 * 3_600_000);
    const open = await apiCall<{ data: { id: string }[] }>(h, 'GET', '/conversations?snoozed=false&limit=100');
    expect(open.data.map((x) => x.id)).not.toContain(c.id);
    // The inbox's Open tab leaves it out; the Snoozed tab lists it.
    const listed = page.locator(`li[data-conversation-id="${c.id}"]`);
    await listed.waitFor({ state: 'detached' });
    await page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Snoozed' }).click();
    await listed.waitFor();
    await page.getByRole('button', { name: 'Wake now' }).click();
    await page.getByRole('form', { name: 'Snooze' }).waitFor();
    // Woken: back under Open, live.
    await listed.waitFor({ state: 'detached' });
    await page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Open' }).click();
    await listed.waitFor();
    expect((await apiCall<{ snoozed_until: string | null }>(h, 'GET', `/conversations/${c.id}`)).snoozed_until).toBeNull();
    expect(await watch.violations()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  itPassesAxeAndFits(h, 'labels', async (page) => {
    if (!(await labels()).some((l) => l.name === 'Axe label')) await apiCall(h, 'POST', '/labels', { name: 'Axe label', color: '#884400' });
    await openLabels(page, 'url');
    await row(page, 'Axe label').waitFor();
  });

  itPassesAxeAndFits(h, 'canned-replies', async (page) => {
    // Each viewport creates /thanks anew.
    const earlier = (await apiCall<{ data: { id: string; shortcut: string }[] }>(h, 'GET', '/canned-replies')).data.find((r) => r.shortcut === 'thanks');
    if (earlier) await apiCall(h, 'DELETE', `/canned-replies/${earlier.id}`);
    await signIn(page, h);
    await page.goto(`${h.base}/app/p/${h.t.demo.project_id}/canned-replies`);
    await page.getByRole('heading', { name: 'Canned replies', level: 1 }).waitFor();
    await page.getByLabel('Shortcut (typed after / in the reply box)').fill('thanks');
    await page.getByLabel('Title').fill('Thanks');
    await page.getByLabel('Reply text').fill('Thank you for your patience.');
    await page.getByRole('button', { name: 'Create canned reply' }).click();
    await page.getByRole('status').getByText('Canned reply /thanks created.').waitFor();
    await page.getByRole('button', { name: 'Edit /thanks' }).waitFor();
  });

  itPassesAxeAndFits(h, 'canned-picker', async (page) => {
    const c = await seedConversation(h, `picker-${Math.random().toString(36).slice(2, 8)}`, 'Hello?');
    if (!(await apiCall<{ data: { shortcut: string }[] }>(h, 'GET', '/canned-replies')).data.some((r) => r.shortcut === 'hi')) {
      await apiCall(h, 'POST', '/canned-replies', { shortcut: 'hi', title: 'Greeting', content: 'Hi, how can I help?' });
    }
    await signIn(page, h);
    await page.goto(`${h.base}/app/p/${h.t.demo.project_id}/c/${c.id}`);
    await page.getByRole('textbox', { name: 'Reply to the visitor' }).fill('/h');
    await page.getByRole('listbox', { name: 'Canned replies' }).getByRole('option').first().waitFor();
  });
});
