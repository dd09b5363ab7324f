// Batch actions in the console's inbox (spec 2.5, 3.4): select conversations, add and remove labels
// in one go, and hide them — permanent and irreversible, so the console asks first in a dialog that
// says so; cancelling changes nothing; confirming removes them from the list, the API and the metrics.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MetricsResponse } from '../../shared/schemas/api.js';
import { startHarness, watchPage, type Harness } from './harness.js';
import { axeViolations } from './axe.js';
import { apiCall, ensureConsoleBuilt, seedConversation, shot, signIn } from './console-harness.js';

let h: Harness;
const ids: string[] = [];
let refund: { id: string };

beforeAll(async () => {
  ensureConsoleBuilt();
  h = await startHarness();
  refund = await apiCall<{ id: string }>(h, 'POST', '/labels', { name: 'Refund', color: '#1d6b3a' });
  await apiCall(h, 'POST', '/labels', { name: 'VIP', color: '#2848c8' });
  for (const [user, text, topic] of [
    ['batch-1', 'I want my money back', 'Money back'],
    ['batch-2', 'Please refund order 42', 'Refund order 42'],
    ['batch-3', 'Where is the pricing page?', 'Pricing page'],
  ]) {
    const c = await seedConversation(h, user, text);
    await apiCall(h, 'PATCH', `/conversations/${c.id}`, { topic });
    ids.push(c.id);
  }
});
afterAll(async () => {
  await h?.close();
});

const row = (page: import('playwright-core').Page, id: string) => page.locator(`li[data-conversation-id="${id}"]`);

describe('inbox batch actions', () => {
  it('adds and removes labels on the selected conversations, then hides them for good after confirming', async () => {
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const watch = await watchPage(page);
    await signIn(page, h);
    for (const id of ids) await row(page, id).waitFor();

    // ---- labels in batch
    await row(page, ids[0]).getByRole('checkbox').check();
    await row(page, ids[1]).getByRole('checkbox').check();
    const batch = page.getByRole('region', { name: 'Batch actions' });
    await batch.getByText('2 selected').waitFor();
    await batch.locator('summary', { hasText: 'Add labels' }).click();
    await batch.getByRole('checkbox', { name: 'Refund' }).first().check();
    await batch.getByRole('button', { name: 'Apply labels' }).click();
    await batch.getByText('Labels changed on 2 conversations.').waitFor();
    await row(page, ids[0]).locator('.chip', { hasText: 'Refund' }).waitFor();
    await row(page, ids[1]).locator('.chip', { hasText: 'Refund' }).waitFor();
    expect(await row(page, ids[2]).locator('.chip').count()).toBe(0);
    const stored = async (id: string) => h.t.app.ctx.services.conversations.get(h.t.demo.project_id, id);
    expect((await stored(ids[0]))!.labels).toEqual([refund.id]);

    // The filter by label finds exactly those two.
    await page.locator('form.filters details.checklist summary', { hasText: 'Labels' }).click();
    await page.locator('form.filters').getByRole('checkbox', { name: 'Refund' }).check();
    await row(page, ids[2]).waitFor({ state: 'detached' });
    await page.locator('form.filters').getByRole('checkbox', { name: 'Refund' }).uncheck();
    await row(page, ids[2]).waitFor();

    // Remove it again from one of them.
    await row(page, ids[0]).getByRole('checkbox').check();
    await row(page, ids[1]).getByRole('checkbox').uncheck();
    await batch.getByText('1 selected').waitFor();
    await batch.locator('summary', { hasText: 'Remove labels' }).click();
    await batch.locator('details', { hasText: 'Remove labels' }).getByRole('checkbox', { name: 'Refund' }).check();
    await batch.getByRole('button', { name: 'Apply labels' }).click();
    await row(page, ids[0]).locator('.chip', { hasText: 'Refund' }).waitFor({ state: 'detached' });
    await row(page, ids[1]).locator('.chip', { hasText: 'Refund' }).waitFor();

    // ---- hide: the dialog says it is permanent; Cancel changes nothing
    await row(page, ids[1]).getByRole('checkbox').check();
    await batch.getByText('2 selected').waitFor();
    await batch.getByRole('button', { name: 'Hide…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Hide 2 conversations permanently?' });
    await dialog.getByText('This cannot be undone.').waitFor();
    await shot(page, 'batch-hide-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await stored(ids[0]))!.hidden).toBe(false);

    await batch.getByRole('button', { name: 'Hide…' }).click();
    await dialog.getByRole('button', { name: 'Hide 2 permanently' }).click();
    await batch.getByText('2 conversations hidden.').waitFor();
    await row(page, ids[0]).waitFor({ state: 'detached' });
    await row(page, ids[1]).waitFor({ state: 'detached' });
    await row(page, ids[2]).waitFor();

    // Gone for good: stored hidden, out of the API list and the metrics; no call brings it back.
    expect((await stored(ids[0]))!.hidden).toBe(true);
    const list = await apiCall<{ data: { id: string }[] }>(h, 'GET', '/conversations?limit=100');
    expect(list.data.map((c) => c.id)).toEqual([ids[2]]);
    const metrics = await apiCall<MetricsResponse>(h, 'GET', '/metrics');
    expect(metrics.totals.conversations).toBe(1);
    const unhide = await h.t.app.inject({
      method: 'PATCH',
      url: `/v1/projects/${h.t.demo.project_id}/conversations/${ids[0]}`,
      headers: { authorization: `Bearer ${h.t.demo.api_key}` },
      payload: { hidden: false },
    });
    expect(unhide.statusCode).toBe(400);
    // After a reload too.
    await page.reload();
    await row(page, ids[2]).waitFor();
    expect(await row(page, ids[0]).count()).toBe(0);
    expect(await watch.violations()).toEqual([]);
    await context.close();
  });

  it('the confirmation dialog passes axe and keeps the keyboard inside', async () => {
    const context = await h.browser.newContext({ viewport: { width: 390, height: 844 }, bypassCSP: true });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await signIn(page, h);
    await row(page, ids[2]).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Hide…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Hide 1 conversation permanently?' });
    await dialog.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect((await h.t.app.ctx.services.conversations.get(h.t.demo.project_id, ids[2]))!.hidden).toBe(false);
    await context.close();
  });
});
