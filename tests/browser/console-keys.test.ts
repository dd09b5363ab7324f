// The console's API keys page in real Chromium (spec 2.3, 3.3): create a key (shown once, copied),
// the masked list with its last use, reveal after re-entering the password (a wrong one refused),
// permissions as checkboxes taking effect on the next request, delete with confirmation. axe-clean,
// no CSP violation, nothing overflowing at 390 px; screenshots in dist/screenshots/console.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { watchPage } from './harness.js';
import { consoleHarness, itPassesAxeAndFits, shot, signIn, navTo } from './console-harness.js';

const h = consoleHarness();

async function openKeys(page: Page) {
  await signIn(page, h);
  await navTo(page, 'API keys');
  await page.getByRole('heading', { name: 'API keys', level: 1 }).waitFor();
}

const useKey = (key: string) => h.t.app.inject({ method: 'GET', url: `/v1/projects/${h.t.demo.project_id}/conversations`, headers: { authorization: `Bearer ${key}` } });

describe('team console: API keys', () => {
  it('creates (shown once), reveals with the password, edits permissions and deletes a key', async () => {
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.base });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const watch = await watchPage(page);
    await openKeys(page);

    await page.getByLabel('Key name').fill('Backend');
    await page.getByRole('group', { name: 'Permissions', exact: true }).getByLabel('conversation:read').check();
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = await page.getByTestId('new-key').innerText();
    expect(key).toMatch(/^sk_test_[\w-]{43}$/);
    await page.getByRole('button', { name: 'Copy new key' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    expect((await useKey(key)).statusCode).toBe(200);

    const row = page.locator('li.key-row', { hasText: 'Backend' });
    expect(await row.locator('code').first().innerText()).toBe(`sk_test_…${key.slice(-4)}`);
    await page.reload();
    await row.waitFor();
    expect(await page.locator('body').innerText()).not.toContain(key);
    await expect.poll(async () => (await row.innerText()).includes('last used never')).toBe(false);

    await row.getByText('Reveal key').click();
    await row.getByLabel('Your password (for Backend)').fill('wrong password');
    await row.getByRole('button', { name: 'Reveal' }).click();
    await row.getByRole('alert').getByText('password is not correct').waitFor();
    await row.getByLabel('Your password (for Backend)').fill(h.t.demo.password);
    await row.getByRole('button', { name: 'Reveal' }).click();
    await row.locator('.secret-value').getByText(key).waitFor();

    await row.getByText(/^Permissions \(/).click();
    const boxes = row.getByRole('group', { name: 'Permissions of Backend' });
    await boxes.getByLabel('conversation:read').uncheck();
    await boxes.getByLabel('metric:read').check();
    await row.getByRole('button', { name: 'Save permissions' }).click();
    await row.getByText('Permissions saved').waitFor();
    expect((await useKey(key)).statusCode).toBe(403);
    await shot(page, 'keys-open-desktop');

    await row.getByRole('button', { name: 'Delete Backend' }).click();
    await page.getByRole('dialog', { name: 'Delete Backend?' }).getByRole('button', { name: 'Delete key' }).click();
    await row.waitFor({ state: 'detached' });
    expect((await useKey(key)).statusCode).toBe(401);
    expect(await watch.violations()).toEqual([]);
    await context.close();
  });

  itPassesAxeAndFits(h, 'keys', async (page) => {
    await openKeys(page);
    await page.locator('li.key-row').first().waitFor();
    for (const s of await page.locator('li.key-row summary').all()) await s.click();
  });
});
