// The console's Audiences page in real Chromium (spec 2.8, docs/behaviour.md "Audiences"): build
// "Verified users on the pricing page" with the query builder (a condition, a nested OR group, a
// time condition in the user's timezone), a value the server refuses shown at its row, saved and
// read back over the API, edited, and deleted once no guidance rule uses it (the 409 shown first).
// axe-clean, no CSP violation, nothing overflowing at 390 px; screenshots in dist/screenshots/console.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Audience } from '../../shared/schemas/behaviour.js';
import { watchPage } from './harness.js';
import { apiCall, consoleHarness, itPassesAxeAndFits, shot, signIn, navTo } from './console-harness.js';

const h = consoleHarness();
const NAME = 'Verified users on the pricing page';

async function openAudiences(page: Page) {
  await signIn(page, h);
  await navTo(page, 'Audiences');
  await page.getByRole('heading', { name: 'Audiences', level: 1 }).waitFor();
}

const focused = (l: Locator) => l.evaluate((el) => el === document.activeElement);
const condition = (page: Page, n: string) => page.getByRole('group', { name: `Condition ${n}`, exact: true });

/** Builds the audience up to the time condition, whose range is given (low, high). */
async function build(page: Page, low: string, high: string) {
  await page.getByRole('button', { name: 'New audience' }).click();
  await page.getByLabel('Audience name', { exact: true }).fill(NAME);
  await page.getByLabel('Description', { exact: true }).fill('Signed-in users looking at prices, or in their evening');
  await page.getByRole('button', { name: 'Add condition to the audience' }).click();
  await condition(page, '1').getByLabel('Field', { exact: true }).selectOption('user.email_verified');
  expect(await condition(page, '1').getByLabel('Operator', { exact: true }).inputValue()).toBe('is_true');
  // A boolean condition has no value input.
  expect(await condition(page, '1').getByLabel('Value', { exact: true }).count()).toBe(0);

  await page.getByRole('button', { name: 'Add group to the audience' }).click();
  const group = page.getByRole('group', { name: 'Group 2', exact: true });
  await group.getByLabel('Match', { exact: true }).selectOption('or');
  await condition(page, '2.1').getByLabel('Field', { exact: true }).selectOption('channel.browser_url');
  await condition(page, '2.1').getByLabel('Operator', { exact: true }).selectOption('contains');
  await condition(page, '2.1').getByLabel('Value', { exact: true }).fill('/pricing');

  await page.getByRole('button', { name: 'Add condition to group 2' }).click();
  const time = condition(page, '2.2');
  await time.getByLabel('Field', { exact: true }).selectOption('time.hour');
  // Only the number operators are offered for a number field.
  await expect.poll(() => time.getByLabel('Operator', { exact: true }).locator('option').allTextContents()).toEqual(['is', 'is not', 'less than', 'greater than', 'between', 'is empty']);
  await time.getByLabel('Operator', { exact: true }).selectOption('between');
  await time.getByLabel('From', { exact: true }).fill(low);
  await time.getByLabel('To', { exact: true }).fill(high);
  expect(await time.getByLabel('Timezone', { exact: true }).inputValue()).toBe('user');
}

describe('team console: audiences', () => {
  it('builds an audience with a nested OR group, shows a 400 at its row, saves, edits and deletes it', async () => {
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const watch = await watchPage(page);
    await openAudiences(page);
    await page.getByText('No audiences yet').waitFor();

    // low > high: the server's invalid_audience_value names conditions[1].conditions[1].
    await build(page, '23', '18');
    await page.getByRole('button', { name: 'Save audience' }).click();
    await condition(page, '2.2').getByRole('alert').getByText('low <= high').waitFor();
    expect(await condition(page, '2.1').getByRole('alert').count()).toBe(0);
    await shot(page, 'audiences-error-desktop');

    await condition(page, '2.2').getByLabel('From', { exact: true }).fill('18');
    await condition(page, '2.2').getByLabel('To', { exact: true }).fill('23');
    await page.getByRole('button', { name: 'Save audience' }).click();
    await page.getByRole('status').getByText(`Audience ${NAME} saved.`).waitFor();
    const row = page.locator('.audience-list li', { hasText: NAME });
    await row.getByText('user.email_verified is true AND (channel.browser_url contains "/pricing" OR time.hour between 18 and 23)').waitFor();

    const [saved] = (await apiCall<{ data: Audience[] }>(h, 'GET', '/audiences')).data;
    expect(saved.name).toBe(NAME);
    expect(saved.conditions).toEqual([
      { type: 'condition', field: 'user.email_verified', operator: 'is_true' },
      {
        type: 'group',
        combinator: 'or',
        conditions: [
          { type: 'condition', field: 'channel.browser_url', operator: 'contains', value: '/pricing' },
          { type: 'condition', field: 'time.hour', operator: 'between', value: [18, 23], timezone: 'user' },
        ],
      },
    ]);

    // Edit: the builder reopens with the saved conditions; a date condition "in the last 7 days" is added.
    await row.getByRole('button', { name: `Edit ${NAME}` }).click();
    expect(await condition(page, '2.2').getByLabel('From', { exact: true }).inputValue()).toBe('18');
    expect(await page.getByRole('group', { name: 'Group 2', exact: true }).getByLabel('Match', { exact: true }).inputValue()).toBe('or');
    await page.getByRole('button', { name: 'Add condition to the audience' }).click();
    await condition(page, '3').getByLabel('Field', { exact: true }).selectOption('user.last_seen');
    await condition(page, '3').getByLabel('Operator', { exact: true }).selectOption('in_the_last');
    await condition(page, '3').getByLabel('Amount', { exact: true }).fill('7');
    await condition(page, '3').getByLabel('Unit', { exact: true }).selectOption('days');
    await condition(page, '3').getByLabel('Timezone', { exact: true }).selectOption('project');
    await page.getByRole('button', { name: 'Add condition to the audience' }).click();
    await condition(page, '4').getByLabel('Field', { exact: true }).selectOption('channel.type');
    await condition(page, '4').getByLabel('browser', { exact: true }).check();
    // By keyboard: a new row takes the focus; removing it hands the focus back to the add button.
    await page.getByRole('button', { name: 'Add condition to the audience' }).press('Enter');
    await expect.poll(() => focused(condition(page, '5').getByLabel('Field', { exact: true }))).toBe(true);
    await condition(page, '5').getByRole('button', { name: 'Remove condition 5' }).press('Enter');
    await condition(page, '5').waitFor({ state: 'detached' });
    await expect.poll(() => focused(page.getByRole('button', { name: 'Add condition to the audience' }))).toBe(true);
    await shot(page, 'audiences-editor-desktop');
    await page.getByRole('button', { name: 'Save audience' }).click();
    await page.getByRole('status').getByText(`Audience ${NAME} saved.`).waitFor();
    const [edited] = (await apiCall<{ data: Audience[] }>(h, 'GET', '/audiences')).data;
    expect(edited.conditions.slice(2)).toEqual([
      { type: 'condition', field: 'user.last_seen', operator: 'in_the_last', value: { amount: 7, unit: 'days' }, timezone: 'project' },
      { type: 'condition', field: 'channel.type', operator: 'is_one_of', value: ['browser'] },
    ]);

    // A guidance rule uses it: the server refuses the delete and its message shows.
    const rule = await apiCall<{ id: string }>(h, 'POST', '/guidance-rules', { name: 'Pricing help', instructions: 'Mention the yearly plan.', audience_id: saved.id });
    await row.getByRole('button', { name: `Delete ${NAME}` }).click();
    await page.getByRole('dialog', { name: `Delete ${NAME}?` }).getByRole('button', { name: 'Delete audience' }).click();
    await page.getByRole('alert').getByText('used by guidance rules "Pricing help"').waitFor();
    await apiCall(h, 'DELETE', `/guidance-rules/${rule.id}`);
    await row.getByRole('button', { name: `Delete ${NAME}` }).click();
    await page.getByRole('dialog', { name: `Delete ${NAME}?` }).getByRole('button', { name: 'Delete audience' }).click();
    await row.waitFor({ state: 'detached' });
    expect((await apiCall<{ data: Audience[] }>(h, 'GET', '/audiences')).data).toEqual([]);
    expect(await watch.violations()).toEqual([]);
    await context.close();
  });

  itPassesAxeAndFits(h, 'audiences', async (page) => {
    await openAudiences(page);
    await build(page, '18', '23');
    await page.getByRole('button', { name: 'Add condition to the audience' }).click();
    await condition(page, '3').getByLabel('Field', { exact: true }).selectOption('user.external_attributes');
    await condition(page, '3').getByLabel('JSON path', { exact: true }).fill('widget.plan');
    await condition(page, '3').getByLabel('Value', { exact: true }).fill('pro');
  });
});
