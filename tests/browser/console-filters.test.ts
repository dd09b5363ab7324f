// Every inbox filter of spec 10 as the console sends it: each choice becomes the list query of
// docs/operators.md, the real server accepts it (no 400), and the list shows what it answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Request } from 'playwright-core';
import { startHarness, watchPage, type Harness } from './harness.js';
import { apiCall, ensureConsoleBuilt, seedConversation, signIn } from './console-harness.js';

let h: Harness;
let rated: { id: string };
let plain: { id: string };
let label: { id: string };

beforeAll(async () => {
  ensureConsoleBuilt();
  h = await startHarness();
  label = await apiCall<{ id: string }>(h, 'POST', '/labels', { name: 'Urgent', color: '#b3261e' });
  rated = await seedConversation(h, 'filters-1', 'The checkout page is broken');
  plain = await seedConversation(h, 'filters-2', 'What are your opening hours?');
  await apiCall(h, 'PATCH', `/conversations/${rated.id}`, { topic: 'Checkout broken', status: 'resolved', labels: [label.id] });
  await apiCall(h, 'PATCH', `/conversations/${plain.id}`, { topic: 'Opening hours' });
  // A topic found by a pass (docs/operators.md "Topics"), as its record is stored: the filter suggests its name.
  const at = new Date().toISOString();
  await h.t.app.ctx.store.collection('topics').put(h.t.demo.project_id, {
    id: crypto.randomUUID(), project_id: h.t.demo.project_id, name: 'Opening hours', auto_name: 'opening · hours', centroid: { hour: 1 }, norm2: 1, created_at: at, updated_at: at,
  });
});
afterAll(async () => {
  await h?.close();
});

describe('inbox filters', () => {
  it('sends each filter as the documented list query and shows the answer', async () => {
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const watch = await watchPage(page);
    const lists: URL[] = [];
    const failures: string[] = [];
    page.on('request', (r: Request) => {
      const url = new URL(r.url());
      // The list's own requests, not the "Waiting for a human" queue's (waiting=true, no filters).
      const queue = url.searchParams.get('waiting') === 'true' && !url.searchParams.has('created_after');
      if (url.pathname.endsWith('/conversations') && !url.searchParams.has('assignee_id') && !queue) lists.push(url);
    });
    page.on('response', (r) => {
      if (r.url().includes('/conversations') && r.status() >= 400) failures.push(`${r.status()} ${r.url()}`);
    });
    await signIn(page, h);
    const row = (id: string) => page.locator(`li[data-conversation-id="${id}"]`);
    const tab = (name: string) => page.getByRole('button', { name, exact: true });
    // The Open tab leaves the resolved conversation out; the Resolved tab shows it.
    await row(plain.id).waitFor();
    await tab('Resolved').click();
    await row(rated.id).waitFor();
    await row(plain.id).waitFor({ state: 'detached' });
    await tab('Open').click();
    await row(plain.id).waitFor();
    const last = () => lists.at(-1)!.searchParams;
    const filters = page.locator('form.filters');
    const pick = async (group: string, choice: string) => {
      const details = filters.locator('details.checklist', { has: page.locator('summary', { hasText: group }) });
      if (!(await details.getAttribute('open') !== null)) await details.locator('summary').click();
      await details.getByRole('checkbox', { name: choice, exact: true }).click();
      // Closed again, as a person would: open, the list of choices covers the fields below it.
      await details.locator('summary').click();
    };

    // Default: the last 30 days.
    const after = Date.parse(last().get('created_after')!);
    expect(Math.round((Date.now() - after) / 86_400_000)).toBe(30);
    await filters.getByRole('combobox', { name: 'Date range' }).selectOption('7');
    await expect.poll(() => Math.round((Date.now() - Date.parse(last().get('created_after')!)) / 86_400_000)).toBe(7);

    // Custom range: starting tomorrow finds nothing; clearing it finds both again.
    await filters.getByRole('combobox', { name: 'Date range' }).selectOption('custom');
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await filters.getByLabel('From').fill(tomorrow);
    await row(plain.id).waitFor({ state: 'detached' });
    await page.getByText('No conversations match these filters.').waitFor();
    await filters.getByLabel('From').fill('');
    await row(plain.id).waitFor();

    await filters.getByRole('combobox', { name: 'Channel' }).selectOption('api');
    await expect.poll(() => last().get('channel')).toBe('api');
    await pick('Involvement', 'AI only');
    await expect.poll(() => last().getAll('involvement')).toEqual(['autonomous']);
    await pick('Involvement', 'AI only');
    await pick('Labels', 'Urgent');
    await expect.poll(() => last().getAll('labels')).toEqual([label.id]);
    await row(plain.id).waitFor({ state: 'detached' });
    await pick('Labels', 'Urgent');
    await row(plain.id).waitFor();

    await page.getByText('More filters').click();
    // The topic field suggests the project's topics (GET …/topics).
    await expect.poll(() => page.locator('#topic-names option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).toEqual(['Opening hours']);
    await filters.getByRole('combobox', { name: 'Topic' }).fill('Opening hours');
    await filters.getByRole('combobox', { name: 'Topic' }).press('Enter');
    await expect.poll(() => last().get('topic')).toBe('Opening hours');
    await filters.getByRole('combobox', { name: 'Topic' }).fill('');
    await filters.getByRole('combobox', { name: 'Topic' }).press('Enter');
    await tab('Resolved').click();
    await pick('Status', 'Resolved');
    await expect.poll(() => last().getAll('status')).toEqual(['resolved']);
    await row(plain.id).waitFor({ state: 'detached' });
    await row(rated.id).waitFor();
    await pick('Status', 'Resolved');
    for (const choice of ['5 ★', 'Abandoned', 'Unoffered']) await pick('Rating', choice);
    await expect.poll(() => last().getAll('rating')).toEqual(['5', 'abandoned', 'unoffered']);
    await row(rated.id).waitFor({ state: 'detached' }); // resolved over the API without a rating: not `unoffered` yet

    expect(failures).toEqual([]);
    expect(await watch.violations()).toEqual([]);
    await context.close();
  });

  it('lays the open "More filters" toggle clear of its fields in the list pane, at 1280 and 390 px', async () => {
    const box = async (page: import('playwright-core').Page) => {
      const filters = page.locator('form.filters');
      const summary = await filters.locator('details.advanced > summary').boundingBox();
      const topic = await filters.getByRole('combobox', { name: 'Topic' }).boundingBox();
      const range = await filters.getByRole('combobox', { name: 'Date range' }).boundingBox();
      return { summary: summary!, topic: topic!, range: range! };
    };
    for (const width of [1280, 390]) {
      const context = await h.browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      await signIn(page, h);
      await page.getByText('More filters').click();
      await page.getByRole('combobox', { name: 'Topic' }).waitFor();
      const b = await box(page);
      // The filters sit in the inbox's list pane at every width: the toggle covers none of its
      // fields, and nothing reaches past the window.
      const apart = (p: typeof b.summary, q: typeof b.topic) => p.x + p.width <= q.x + 1 || q.x + q.width <= p.x + 1 || p.y + p.height <= q.y + 1 || q.y + q.height <= p.y + 1;
      expect(apart(b.summary, b.topic)).toBe(true);
      expect(apart(b.summary, b.range)).toBe(true);
      expect(b.topic.x + b.topic.width).toBeLessThanOrEqual(width);
      expect(b.range.x + b.range.width).toBeLessThanOrEqual(width);
      await context.close();
    }
  });
});
