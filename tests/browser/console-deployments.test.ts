// The console's Deployments page in real Chromium (spec 2.10; docs/behaviour.md "Deployments and
// aliases"): build v1, see a snippet added through the API under "Undeployed changes", build v2,
// create an alias on v1 and point a channel at it in the channel editor, repoint it to v2 and read its
// history, a fixed alias offers no repoint or delete, deleting an alias in use shows the server's
// refusal, compare v1 with v2, restore v1 as v3, the channel back on the draft and the alias deleted.
// axe-clean, no CSP violation, nothing overflowing at 390 px; screenshots in dist/screenshots/console.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { watchPage } from './harness.js';
import { apiCall, consoleHarness, itPassesAxeAndFits, shot, signIn, navTo } from './console-harness.js';

const h = consoleHarness();
const SNIPPET = 'Warehouse pickup';

async function openDeployments(page: Page) {
  await navTo(page, 'Deployments');
  await page.getByRole('heading', { name: 'Deployments', level: 1 }).waitFor();
}

async function build(page: Page, version: number, note: string) {
  await page.getByLabel(`Note for v${version} (optional)`).fill(note);
  await page.getByRole('button', { name: `Build version ${version}` }).click();
  await page.getByRole('status').getByText(`Built v${version}.`).waitFor();
}

const aliasRow = (page: Page, name: string) => page.locator(`li.alias-row[data-alias="${name}"]`);

describe('team console: deployments and aliases', () => {
  it('builds, shows undeployed changes, moves aliases a channel follows, compares and restores', async () => {
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const watch = await watchPage(page);
    await signIn(page, h);
    await openDeployments(page);
    const pending = page.getByRole('region', { name: 'Undeployed changes' });
    await pending.getByText('No build yet').waitFor();

    await build(page, 1, 'First release');
    const v1 = page.locator('li.build-row[data-version="1"]');
    expect(await v1.innerText()).toContain('First release');
    expect(await v1.innerText()).toContain('by Demo Owner');
    await pending.getByText('No differences.').waitFor();

    // Edits made elsewhere (here: the API) change the draft and show up as undeployed.
    const provider = await apiCall<{ id: string }>(h, 'POST', '/data-providers', { type: 'manual', name: 'Warehouse FAQ' });
    await apiCall(h, 'POST', `/data-providers/${provider.id}/snippets`, { title: SNIPPET, question: 'What is the pickup code?', content: 'The warehouse pickup code is ZEBRA-7741.' });
    await apiCall(h, 'PATCH', '/profiles/default', { model: { temperature: 0.2 } });
    await page.reload();
    const sources = pending.getByRole('group', { name: 'Knowledge sources' });
    await sources.waitFor();
    expect(await sources.innerText()).toMatch(new RegExp(`Added\\s+${SNIPPET}`));
    expect(await pending.getByRole('row', { name: /model\.temperature/ }).innerText()).toMatch(/unset\s+0\.2/);
    await shot(page, 'deployments-undeployed-desktop');

    await build(page, 2, 'Warehouse code');
    await pending.getByText('No differences.').waitFor();
    expect(await page.locator('li.build-row').first().getAttribute('data-version')).toBe('2');

    // A mutable alias on v1 and a fixed rollback point.
    await page.getByLabel(/Alias name/).fill('production');
    await page.getByLabel('Points at build').selectOption('1');
    await page.getByRole('button', { name: 'Create alias' }).click();
    await aliasRow(page, 'production').waitFor();
    await page.getByLabel(/Alias name/).fill('rollback-1');
    await page.getByLabel('Points at build').selectOption('1');
    await page.getByLabel('Fixed (can never be repointed)').check();
    await page.getByRole('button', { name: 'Create alias' }).click();
    const fixed = aliasRow(page, 'rollback-1');
    await fixed.waitFor();
    expect(await fixed.innerText()).toContain('fixed');
    expect(await fixed.getByRole('button', { name: 'Repoint' }).count()).toBe(0);
    expect(await fixed.getByRole('button', { name: 'Delete alias rollback-1' }).count()).toBe(0);
    expect(await page.locator('li.build-row[data-version="1"]').getByRole('list', { name: 'Aliases on v1' }).innerText()).toMatch(/production[\s\S]*rollback-1/);

    // The channel editor's "Answers from" follows the alias.
    await navTo(page, 'Channels');
    await page.getByRole('link', { name: 'Demo website' }).click();
    const answersFrom = page.getByLabel('Answers from');
    expect(await answersFrom.inputValue()).toBe('');
    await answersFrom.selectOption({ label: 'production → v1' });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Replies come from production from the next one on.').waitFor();
    await shot(page, 'deployments-channel-answers-from');
    expect((await apiCall<{ alias: string | null }>(h, 'GET', `/channels/${h.t.demo.channel_id}`)).alias).toBe('production');
    await page.reload();
    expect(await page.getByLabel('Answers from').inputValue()).toBe('production');

    await openDeployments(page);
    const production = aliasRow(page, 'production');
    expect(await production.innerText()).toContain('Followed by Demo website');
    await production.getByLabel('Point production at').selectOption('2');
    await production.getByLabel('Note for production (optional)').fill('Ship the warehouse code');
    await production.getByRole('button', { name: 'Repoint' }).click();
    await production.getByText('production now points at v2.').waitFor();
    await expect.poll(() => production.innerText()).toContain('→ v2');
    await production.getByText('History (2)').click();
    const history = await production.locator('.alias-history').innerText();
    expect(history).toMatch(/created at v1, by Demo Owner/);
    expect(history).toMatch(/v1 → v2, by Demo Owner, .+Ship the warehouse code/);
    expect((await apiCall<{ version: number }>(h, 'GET', '/aliases/production')).version).toBe(2);

    // Deleting an alias a channel follows is refused with the server's reason.
    await production.getByRole('button', { name: 'Delete alias production' }).click();
    await page.getByRole('dialog', { name: 'Delete alias production?' }).getByRole('button', { name: 'Delete alias' }).click();
    await page.getByRole('region', { name: 'Aliases' }).getByRole('alert').getByText('follow alias "production"').waitFor();
    expect(await production.count()).toBe(1);

    // Compare v1 with v2: the snippet and the temperature were added in between.
    const compare = page.getByRole('region', { name: 'Compare' });
    await compare.getByRole('combobox', { name: /^From/ }).selectOption('1');
    await compare.getByRole('combobox', { name: /^To/ }).selectOption('2');
    const diff = compare.getByRole('group', { name: 'Changes from v1 to v2' });
    await diff.getByRole('group', { name: 'Knowledge sources' }).getByText(SNIPPET).waitFor();
    expect(await diff.getByRole('row', { name: /model\.temperature/ }).innerText()).toMatch(/unset\s+0\.2/);
    await compare.getByRole('combobox', { name: /^To/ }).selectOption('draft');
    await compare.getByRole('group', { name: 'Changes from v1 to Draft' }).getByText(SNIPPET).waitFor();

    // Restore publishes v1 again as v3.
    await page.locator('li.build-row[data-version="1"]').getByRole('button', { name: 'Restore v1' }).click();
    await page.getByRole('dialog', { name: 'Restore v1?' }).getByRole('button', { name: 'Restore' }).click();
    await page.getByRole('status').getByText('Restored v1 as v3.').waitFor();
    expect(await page.locator('li.build-row').first().innerText()).toMatch(/v3[\s\S]*restored from v1/);
    await shot(page, 'deployments-flow-desktop');

    // Back to the draft (alias null), after which the alias can go.
    await navTo(page, 'Channels');
    await page.getByRole('link', { name: 'Demo website' }).click();
    await page.getByLabel('Answers from').selectOption({ label: 'Draft (every edit at once)' });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Replies come from the draft from the next one on.').waitFor();
    expect((await apiCall<{ alias: string | null }>(h, 'GET', `/channels/${h.t.demo.channel_id}`)).alias).toBeNull();
    await openDeployments(page);
    expect(await production.innerText()).toContain('No channel follows it');
    await production.getByRole('button', { name: 'Delete alias production' }).click();
    await page.getByRole('dialog', { name: 'Delete alias production?' }).getByRole('button', { name: 'Delete alias' }).click();
    await production.waitFor({ state: 'detached' });
    expect(await watch.violations()).toEqual([]);
    await context.close();
  });

  itPassesAxeAndFits(h, 'deployments', async (page) => {
    await signIn(page, h);
    await openDeployments(page);
    await page.locator('li.alias-row').first().waitFor();
    for (const s of await page.locator('li.alias-row summary').all()) await s.click();
  });
});
