// Unitools on the console's Actions page in real Chromium (spec 2.9; docs/behaviour.md "Unitools"),
// run in the real bubblewrap sandbox: a Shell tool with a secret is created (the value never shows
// again), a parameters schema the server refuses shows its 400 at the Parameters field, a test-run
// prints the result, the tool is edited into Python and run again, bad arguments show their 400 at
// the arguments, the secret is removed, a too-short timeout reports `timeout`, the tool is switched
// off and on again for the profile, and it is deleted through the confirm dialog. No CSP violation;
// axe-clean and nothing overflowing at 1280 and 390 px, with screenshots in dist/screenshots/console.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { watchPage } from './harness.js';
import { apiCall, consoleHarness, itPassesAxeAndFits, signIn, navTo } from './console-harness.js';

const h = consoleHarness();

interface Unitool {
  id: string;
  name: string;
  language: string;
  code: string;
  timeout_ms: number;
  secret_names: string[];
  profile_ids: string[];
}

const SECRET = 'tok-9f3-do-not-show';
const SHELL = 'read -r args\necho "{\\"got\\": $args, \\"token_len\\": ${#SHOP_TOKEN}}"';
const PYTHON = 'import json, sys\nargs = json.load(sys.stdin)\nprint(json.dumps({"twice": args["n"] * 2}))';
const PARAMS = '{"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]}';

const tools = async () => (await apiCall<{ data: Unitool[] }>(h, 'GET', '/unitools')).data;

async function openActions(page: Page) {
  await signIn(page, h);
  await navTo(page, 'Actions');
  await page.getByRole('heading', { name: 'Unitools', level: 2 }).waitFor();
}

/** Fills the new-tool form: a Shell tool echoing its arguments and the length of its secret. */
async function writeTool(page: Page, name: string) {
  await page.getByRole('button', { name: 'New Unitool' }).click();
  await page.locator('#unitool-name').fill(name);
  await page.locator('#unitool-language').selectOption('shell');
  await page.locator('#unitool-description').fill('Echoes an order number back');
  await page.locator('#unitool-parameters').fill(PARAMS);
  await page.locator('#unitool-code').fill(SHELL);
  await page.getByRole('button', { name: 'Add secret' }).click();
  await page.getByLabel('Secret name 1').fill('SHOP_TOKEN');
  await page.getByLabel('Value 1').fill(SECRET);
}

async function testRun(page: Page, args: string) {
  await page.getByLabel('Arguments (JSON)').fill(args);
  await page.getByRole('button', { name: 'Test run' }).click();
}

describe('team console: Unitools', () => {
  it('creates, test-runs, edits, enables per profile and deletes a Unitool', async () => {
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const watch = await watchPage(page);
    await openActions(page);

    // A schema whose property has no real type: the server's 400 at the Parameters field.
    await writeTool(page, 'order_echo');
    await page.locator('#unitool-parameters').fill('{"type": "object", "properties": {"n": {"type": "nonsense"}}}');
    await page.getByRole('button', { name: 'Save Unitool' }).click();
    await expect.poll(() => page.locator('#unitool-parameters-error').textContent()).toContain('not a usable JSON Schema');
    expect(await page.locator('#unitool-parameters').getAttribute('aria-invalid')).toBe('true');
    expect(await tools()).toEqual([]);

    await page.locator('#unitool-parameters').fill(PARAMS);
    await page.getByRole('button', { name: 'Save Unitool' }).click();
    await page.getByText('Saved order_echo.').waitFor();
    expect(await page.locator('#unitool-parameters-error').count()).toBe(0);
    const [created] = await tools();
    expect(created).toMatchObject({ name: 'order_echo', language: 'shell', secret_names: ['SHOP_TOKEN'], profile_ids: ['default'] });
    // Write-only: the value is gone from the form and from the page; the name stays.
    expect(await page.getByLabel('Value 1').count()).toBe(0);
    expect(await page.content()).not.toContain(SECRET);
    await page.getByText('Remove SHOP_TOKEN').waitFor();

    // Test run in the sandbox: the arguments go in on stdin, the secret as an environment variable.
    await testRun(page, '{"n": 21}');
    const result = page.locator('.run-result');
    await result.getByText('Succeeded').waitFor();
    expect(await result.locator('pre').textContent()).toContain('"got": {\n    "n": 21\n  }');
    expect(await result.locator('pre').textContent()).toContain(`"token_len": ${SECRET.length}`);
    expect(await result.textContent()).toMatch(/in \d+ ms/);

    // Arguments the parameters refuse: the server's 400 at the arguments, no result.
    await testRun(page, '{"n": "many"}');
    await expect.poll(() => page.locator(`#unitool-args-${created.id}-error`).textContent()).toContain('arguments/n');
    expect(await result.count()).toBe(0);

    // Edited from the list: Python now, run again.
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Edit order_echo' }).click();
    expect(await page.locator('#unitool-code').inputValue()).toBe(SHELL);
    await page.locator('#unitool-language').selectOption('python');
    await page.locator('#unitool-code').fill(PYTHON);
    await page.getByRole('button', { name: 'Save Unitool' }).click();
    await page.getByText('Saved order_echo.').waitFor();
    expect((await tools())[0]).toMatchObject({ language: 'python', code: PYTHON, secret_names: ['SHOP_TOKEN'] });
    await testRun(page, '{"n": 21}');
    await result.getByText('Succeeded').waitFor();
    expect(await result.locator('pre').textContent()).toContain('"twice": 42');

    // A run longer than its timeout is stopped and says so.
    // Saved with the secret marked for removal: only its name was ever shown, and now not even that.
    await page.locator('#unitool-timeout_ms').fill('200');
    await page.locator('#unitool-code').fill('import time\ntime.sleep(5)');
    await page.getByLabel('Remove SHOP_TOKEN on save').check();
    await page.getByRole('button', { name: 'Save Unitool' }).click();
    await page.getByText('Saved order_echo.').waitFor();
    expect((await tools())[0].secret_names).toEqual([]);
    expect(await page.getByText('Remove SHOP_TOKEN').count()).toBe(0);
    await testRun(page, '{"n": 1}');
    await result.getByText('Failed: Timed out').waitFor();
    expect(await result.locator('code').textContent()).toBe('timeout');
    expect((await tools())[0].timeout_ms).toBe(200);

    // The switch of the chosen profile: off takes it from the profile, on gives it back.
    const onDefault = page.getByRole('switch', { name: 'order_echo on Default' });
    await onDefault.uncheck();
    await expect.poll(async () => (await tools())[0].profile_ids).toEqual([]);
    await onDefault.check();
    await expect.poll(async () => (await tools())[0].profile_ids).toEqual(['default']);

    // Deleted after confirming; the editor of the deleted tool closes with it.
    await page.getByRole('button', { name: 'Delete order_echo' }).click();
    await page.getByRole('dialog', { name: 'Delete Unitool order_echo?' }).getByRole('button', { name: 'Delete Unitool' }).click();
    await expect.poll(tools).toEqual([]);
    await page.getByText('No Unitools yet.').waitFor();
    expect(await page.locator('.unitool-editor').count()).toBe(0);
    expect(await watch.violations()).toEqual([]);
    await context.close();
  }, 90_000);

  itPassesAxeAndFits(
    h,
    'actions-unitools',
    async (page) => {
      await openActions(page);
      await writeTool(page, `shot_${Date.now() % 100000}`);
      await page.getByRole('button', { name: 'Save Unitool' }).click();
      await page.getByText(/^Saved shot_/).waitFor();
      await page.getByRole('button', { name: 'Add secret' }).click();
      await testRun(page, '{"n": 7}');
      await page.locator('.run-result').getByText('Succeeded').waitFor();
    },
    30_000,
  );
});
