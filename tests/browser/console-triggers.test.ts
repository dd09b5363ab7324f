// The console's Triggers page in real Chromium (spec 6, docs/behaviour.md "Triggers"): create a
// trigger for browser channels that blocks on a regular expression and adds a label (an unsafe
// pattern `(a+)+$` and an empty choice refused, each message at its row), move it up in the run
// order (focus stays on the moved row's buttons), switch it to draft, edit and delete it.
// axe-clean, no CSP violation, nothing overflowing at 390 px; screenshots in dist/screenshots/console.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Label } from '../../shared/schemas/entities.js';
import type { Trigger } from '../../shared/schemas/triggers.js';
import { watchPage } from './harness.js';
import { apiCall, consoleHarness, itPassesAxeAndFits, shot, signIn, navTo } from './console-harness.js';

const h = consoleHarness();
const NAME = 'Block crypto spam';

async function openTriggers(page: Page) {
  await signIn(page, h);
  await navTo(page, 'Triggers');
  await page.getByRole('heading', { name: 'Triggers', level: 1 }).waitFor();
}

async function label(name: string): Promise<Label> {
  const found = (await apiCall<{ data: Label[] }>(h, 'GET', '/labels')).data.find((l) => l.name === name);
  return found ?? apiCall<Label>(h, 'POST', '/labels', { name });
}

const triggers = async () => (await apiCall<{ data: Trigger[] }>(h, 'GET', '/triggers')).data;
const messageCondition = (page: Page, n: number) => page.getByRole('group', { name: `Message condition ${n}`, exact: true });
const effect = (page: Page, n: number) => page.getByRole('group', { name: `Effect ${n}`, exact: true });

/** Fills the new-trigger form: a regex condition with `pattern`, block plus "add label Spam". */
async function fillNew(page: Page, pattern: string) {
  await page.getByRole('button', { name: 'New trigger' }).click();
  await page.getByLabel('Trigger name', { exact: true }).fill(NAME);
  await messageCondition(page, 1).getByLabel('The message', { exact: true }).selectOption('regex');
  await messageCondition(page, 1).getByLabel('Pattern', { exact: true }).fill(pattern);
  expect(await effect(page, 1).getByLabel('Effect', { exact: true }).inputValue()).toBe('block');
  await page.getByRole('button', { name: 'Add effect' }).click();
  // The new row has the focus, so a keyboard user carries on there.
  await expect.poll(() => effect(page, 2).getByLabel('Effect', { exact: true }).evaluate((el) => el === document.activeElement)).toBe(true);
  await effect(page, 2).getByLabel('Effect', { exact: true }).selectOption('add_label');
  await effect(page, 2).getByLabel('Label', { exact: true }).selectOption({ label: 'Spam' });
}

describe('team console: triggers', () => {
  it('creates a blocking regex trigger (an unsafe pattern refused at its row), reorders it, switches it to draft, edits and deletes it', async () => {
    const spam = await label('Spam');
    const first = await apiCall<Trigger>(h, 'POST', '/triggers', { name: 'Tag link-heavy messages', conditions: [{ type: 'link_count', at_least: 3 }], effects: [{ type: 'add_label', label_id: spam.id }] });
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const watch = await watchPage(page);
    await openTriggers(page);
    await page.locator('.trigger-list li', { hasText: 'Tag link-heavy messages' }).getByText('links ≥ 3 → add label Spam').waitFor();

    await fillNew(page, '(a+)+$');
    await page.getByRole('button', { name: 'Save trigger' }).click();
    await messageCondition(page, 1).getByRole('alert').getByText('Nested repetition').waitFor();
    expect(await effect(page, 1).getByRole('alert').count()).toBe(0);
    await shot(page, 'triggers-error-desktop');
    await messageCondition(page, 1).getByLabel('Pattern', { exact: true }).fill('free\\s+crypto');
    // An audience condition written in the trigger: a select with no value ticked is refused at its row.
    await page.getByRole('button', { name: "Add condition to the trigger's audience conditions" }).click();
    const who = page.getByRole('group', { name: 'Condition 1', exact: true });
    await who.getByLabel('Field', { exact: true }).selectOption('channel.type');
    await page.getByRole('button', { name: 'Save trigger' }).click();
    await who.getByRole('alert').getByText('non-empty list').waitFor();
    expect(await messageCondition(page, 1).getByRole('alert').count()).toBe(0);
    await who.getByLabel('browser', { exact: true }).check();
    await page.getByRole('button', { name: 'Save trigger' }).click();
    await page.getByRole('status').getByText(`Trigger ${NAME} saved.`).waitFor();

    let saved = await triggers();
    expect(saved.map((t) => t.name)).toEqual(['Tag link-heavy messages', NAME]);
    expect(saved[1]).toMatchObject({
      state: 'active',
      audience_id: null,
      audience_conditions: [{ type: 'condition', field: 'channel.type', operator: 'is_one_of', value: ['browser'] }],
      conditions: [{ type: 'regex', pattern: 'free\\s+crypto' }],       effects: [{ type: 'block' }, { type: 'add_label', label_id: spam.id }],
    });
    const rows = page.locator('.trigger-list > li strong');
    await expect.poll(() => rows.allTextContents()).toEqual(['Tag link-heavy messages', NAME]);

    // Move up: it runs first; the focus stays on the moved row (its "Move up" is now disabled).
    await page.getByRole('button', { name: `Move up: ${NAME}` }).click();
    await page.getByRole('status').getByText(`${NAME} now runs first.`).waitFor();
    await expect.poll(() => rows.allTextContents()).toEqual([NAME, 'Tag link-heavy messages']);
    expect((await triggers()).map((t) => t.id)).toEqual([saved[1].id, first.id]);
    await expect.poll(() => page.getByRole('button', { name: `Move up: ${NAME}` }).isDisabled()).toBe(true);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Move down: ${NAME}`);

    // Draft: it stops running, the list says so.
    await page.getByRole('switch', { name: `Active: ${NAME}` }).uncheck();
    await page.getByRole('status').getByText(`${NAME} is a draft`).waitFor();
    saved = await triggers();
    expect(saved.find((t) => t.name === NAME)?.state).toBe('draft');
    await page.locator('.trigger-list li', { hasText: NAME }).getByText('Draft', { exact: true }).waitFor();
    await shot(page, 'triggers-list-desktop');

    // Edit: the form reopens with the saved pattern; only the name changes.
    await page.getByRole('button', { name: `Edit ${NAME}` }).click();
    expect(await messageCondition(page, 1).getByLabel('Pattern', { exact: true }).inputValue()).toBe('free\\s+crypto');
    expect(await page.getByLabel('State', { exact: true }).inputValue()).toBe('draft');
    await page.getByLabel('Trigger name', { exact: true }).fill('Block crypto offers');
    await page.getByRole('button', { name: 'Save trigger' }).click();
    await page.getByRole('status').getByText('Trigger Block crypto offers saved.').waitFor();
    expect((await triggers())[0]).toMatchObject({ name: 'Block crypto offers', state: 'draft', conditions: [{ type: 'regex', pattern: 'free\\s+crypto' }] });

    await page.getByRole('button', { name: 'Delete Block crypto offers' }).click();
    await page.getByRole('dialog', { name: 'Delete Block crypto offers?' }).getByRole('button', { name: 'Delete trigger' }).click();
    await page.locator('.trigger-list li', { hasText: 'Block crypto offers' }).waitFor({ state: 'detached' });
    expect((await triggers()).map((t) => t.id)).toEqual([first.id]);
    expect(await watch.violations()).toEqual([]);
    await context.close();
  });

  itPassesAxeAndFits(h, 'triggers', async (page) => {
    await label('Spam');
    await openTriggers(page);
    await fillNew(page, '(a+)+$');
    await page.getByRole('button', { name: 'Add message condition' }).click();
    await messageCondition(page, 2).getByLabel('The message', { exact: true }).selectOption('language');
    await messageCondition(page, 2).getByLabel('Language codes (ISO 639-1)', { exact: true }).fill('en, de');
    await page.getByRole('button', { name: 'Save trigger' }).click();
    await messageCondition(page, 1).getByRole('alert').waitFor();
  });
});
