// The console's knowledge pages in real Chromium (docs/knowledge.md, spec 2.11): a web crawler for a
// small local site is created from its start URL, synced with the progress bar moving (a held page
// keeps the sync running until the test lets it go) and ending done with the failed page's reason,
// its sources and chunks listed; manual snippets with a Markdown preview; a search table's fields;
// and the tester, which shows the passages and the answer the agent would give. axe-clean, no CSP
// violation, nothing overflowing at 390 px; screenshots in dist/screenshots/console.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startHarness, watchPage, type Harness } from './harness.js';
import { axeViolations } from './axe.js';
import { apiCall, ensureConsoleBuilt, layoutProblems, shot, signIn, navTo } from './console-harness.js';
import { html, startSite, type TestSite } from '../../server/domains/knowledge/testing/site.js';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync, strToU8 } from 'fflate';
import { SPACE_KEY, startFakeConfluence } from '../../server/domains/knowledge/wiki/live/confluence.fixture.js';

let h: Harness;
let site: TestSite;

beforeAll(async () => {
  ensureConsoleBuilt();
  h = await startHarness();
  site = await startSite('127.0.0.1', {
    '/': html('Quokka Lamp manual', '<h1>Quokka Lamp manual</h1><p>Welcome to the Quokka Lamp.</p><a href="/install">Install</a> <a href="/pairing">Pairing</a> <a href="/gone">Old page</a>'),
    '/install': html(
      'Installing the Quokka Lamp',
      '<h1>Installing the Quokka Lamp</h1><h2>Mounting</h2><p>To install the Quokka Lamp, screw the bracket into the ceiling joist with the four brass screws, then click the lamp onto the bracket until it hums.</p>',
    ),
    '/pairing': html('Pairing', '<h1>Pairing the lamp</h1><p>Hold the moon button for seven seconds until the ring glows teal; the app then finds the lamp.</p>'),
  });
});
afterAll(async () => {
  await site?.close();
  await h?.close();
});

async function openKnowledge(page: Page) {
  await signIn(page, h);
  await navTo(page, 'Knowledge');
  await page.getByRole('heading', { name: 'Knowledge', level: 1 }).waitFor();
}

describe('team console: knowledge', { timeout: 90_000 }, () => {
  it('creates a crawler, syncs it with a live progress bar, lists sources and chunks, and tests a question', async () => {
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const watch = await watchPage(page);
    await openKnowledge(page);

    await page.getByLabel('Start URL').fill(`${site.url}/`);
    await page.getByRole('button', { name: 'Add provider' }).click();
    const host = new URL(site.url).host;
    await page.getByRole('heading', { name: host, level: 1 }).waitFor();
    await page.getByText('Not synced yet.').waitFor();

    // The pairing page is held: the sync stays running, and the bar shows pages found so far.
    site.hold('/pairing');
    await page.getByRole('button', { name: 'Sync now' }).click();
    const bar = page.getByRole('progressbar', { name: 'Sync progress' });
    await bar.waitFor();
    await page.getByRole('status').filter({ hasText: 'Syncing…' }).waitFor();
    await site.arrived('/pairing');
    await expect.poll(() => page.getByTestId('pages-found').textContent()).toBe('4');
    expect(await page.getByRole('button', { name: 'Sync now' }).isDisabled()).toBe(true);
    await shot(page, 'knowledge-sync-running-desktop');
    site.release();

    await page.getByRole('status').filter({ hasText: 'Sync done' }).waitFor();
    expect(await bar.getAttribute('aria-valuetext')).toBe('Sync done: 3 pages indexed, 1 failed');
    expect(await page.getByTestId('pages-fetched').textContent()).toBe('3');
    expect(await page.getByTestId('pages-indexed').textContent()).toBe('3');
    expect(await page.getByTestId('pages-failed').textContent()).toBe('1');
    await page.getByText('1 page failed').click();
    await page.locator('.sync-failures li', { hasText: `${site.url}/gone` }).getByText(/404/).waitFor();

    const sources = page.getByRole('list', { name: 'Sources' });
    await sources.getByRole('link', { name: 'Installing the Quokka Lamp' }).waitFor();
    const failed = sources.locator('li', { hasText: '/gone' });
    await failed.getByText('Failed').waitFor();
    const install = sources.locator('li', { hasText: 'Installing the Quokka Lamp' });
    await install.locator('summary').click();
    await install.getByText('four brass screws').waitFor();
    await shot(page, 'knowledge-provider-desktop');

    // Settings: change the depth and exclude a path; the page shows what was saved after a reload.
    await page.getByLabel('Link depth (0–10)').fill('1');
    await page.getByLabel('Skip paths matching, one per line').fill('/gone');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved.').waitFor();
    await page.reload();
    await page.getByRole('heading', { name: host, level: 1 }).waitFor();
    expect(await page.getByLabel('Link depth (0–10)').inputValue()).toBe('1');
    expect(await page.getByLabel('Skip paths matching, one per line').inputValue()).toBe('/gone');
    await page.getByRole('status').filter({ hasText: 'Sync done' }).waitFor();

    // The tester: the passages retrieved and the agent's answer with its outcome.
    await page.getByRole('link', { name: '← Knowledge' }).click();
    await page.getByRole('link', { name: host }).waitFor();
    await page.getByLabel('Question').fill('How do I install the Quokka Lamp?');
    await page.getByRole('button', { name: 'Ask' }).click();
    const result = page.getByRole('region', { name: 'Test result' });
    await result.waitFor();
    expect(await result.getByTestId('tester-outcome').textContent()).toBe('Answer');
    await result.getByRole('group', { name: 'Answer' }).getByText(/brass screws/).waitFor();
    await result.getByRole('list', { name: 'Cited sources' }).getByRole('link', { name: 'Installing the Quokka Lamp' }).waitFor();
    await result.getByRole('list', { name: 'Passages retrieved' }).getByText('Installing the Quokka Lamp').first().waitFor();
    await shot(page, 'knowledge-desktop');

    await page.getByLabel('Question').fill('What is the airspeed velocity of an unladen swallow?');
    await page.getByRole('button', { name: 'Ask' }).click();
    await expect.poll(() => result.getByTestId('tester-outcome').textContent()).not.toBe('Answer');

    expect(await watch.violations()).toEqual([]);
    await context.close();
  });

  it('writes manual snippets with a Markdown preview, indexed at once; an FAQ question answers directly', async () => {
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const watch = await watchPage(page);
    await openKnowledge(page);
    await page.getByLabel('Type').selectOption('manual');
    await page.getByLabel('Name (optional)', { exact: true }).fill('Lamp FAQ');
    await page.getByRole('button', { name: 'Add provider' }).click();
    await page.getByRole('heading', { name: 'Lamp FAQ', level: 1 }).waitFor();

    await page.getByLabel('Title', { exact: true }).fill('Warranty');
    await page.getByLabel('FAQ question (optional)').fill('How long is the Quokka warranty?');
    await page.getByLabel('Content (Markdown)').fill('The warranty lasts **five years**.\n\n- keep the receipt\n- register online');
    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.locator('strong', { hasText: 'five years' }).waitFor();
    await preview.getByRole('listitem').filter({ hasText: 'keep the receipt' }).waitFor();
    await page.getByRole('button', { name: 'Save snippet' }).click();
    await page.getByText('Snippet saved and indexed.').waitFor();
    await page.getByRole('list', { name: 'Sources' }).getByText('Warranty', { exact: true }).waitFor();
    await shot(page, 'knowledge-snippets-desktop');

    await page.getByRole('button', { name: 'Edit Warranty' }).click();
    await page.getByLabel('Content (Markdown)').fill('The warranty lasts **six years**.');
    await page.getByRole('button', { name: 'Update snippet' }).click();
    await page.getByText('Snippet updated and re-indexed.').waitFor();

    await page.getByRole('link', { name: '← Knowledge' }).click();
    await page.getByLabel('Question').fill('How long is the Quokka warranty?');
    await page.getByRole('button', { name: 'Ask' }).click();
    const result = page.getByRole('region', { name: 'Test result' });
    await result.getByRole('group', { name: 'Answer' }).getByText('six years').waitFor();
    expect(await result.getByTestId('tester-outcome').textContent()).toBe('Answer');
    expect(await watch.violations()).toEqual([]);
    await context.close();
  });

  it('connects a Confluence space as a live wiki: the token write-only, the space synced', async () => {
    const confluence = await startFakeConfluence('docs-bot@example.com', 'ATATT3xConsoleToken0123');
    confluence.pages.set('201', { title: 'Lamp warranty', version: 1, body: '<p>The Quokka Lamp carries a two-year warranty.</p>' });
    try {
      // bypassCSP: axe is injected as an inline script.
      const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      await openKnowledge(page);
      await page.getByLabel('Type').selectOption('confluence');
      await page.getByLabel('Confluence site').fill(confluence.url);
      await page.getByLabel('Space key').fill(SPACE_KEY);
      await page.getByLabel('Account e-mail').fill('docs-bot@example.com');
      await page.getByLabel('API token').fill('ATATT3xConsoleToken0123');
      await page.getByRole('button', { name: 'Add provider' }).click();
      await page.getByRole('heading', { name: 'Confluence', level: 1 }).waitFor();
      expect(await page.content()).not.toContain('ATATT3xConsoleToken0123');
      await page.getByRole('button', { name: 'Sync now' }).click();
      await page.getByRole('status').filter({ hasText: 'Sync done' }).waitFor();
      await page.getByRole('list', { name: 'Sources' }).getByText('Lamp warranty', { exact: true }).waitFor();
      // The connection shows the token masked; saving without typing one keeps it.
      await page.getByText('Stored: ATAT…0123').waitFor();
      await page.getByLabel('Space key').fill(SPACE_KEY);
      await page.getByRole('button', { name: 'Save connection' }).click();
      await page.getByText('Connection saved. It applies at the next sync.').waitFor();
      await page.getByText('Stored: ATAT…0123').waitFor();
      expect(await page.content()).not.toContain('ATATT3xConsoleToken0123');
      expect(await layoutProblems(page)).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    } finally {
      await confluence.close();
    }
  });

  it('uploads a wiki as a folder, then as a zip, syncs it, and deletes the provider after confirming', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'parley-wiki-'));
    mkdirSync(join(dir, 'lamp-wiki', 'guides'), { recursive: true });
    writeFileSync(join(dir, 'lamp-wiki', 'Dimming.md'), '# Dimming the lamp\n\nTurn the walnut dial clockwise to dim the Quokka Lamp.\n');
    writeFileSync(join(dir, 'lamp-wiki', 'guides', 'Cleaning.md'), '# Cleaning\n\nWipe the shade with a dry cloth only.\n');
    writeFileSync(join(dir, 'lamp-wiki', 'photo.png'), 'not a page');
    const zipPath = join(dir, 'export.zip');
    writeFileSync(zipPath, zipSync({ 'Night-mode.md': strToU8('# Night mode\n\nDouble-tap the shade for a red night light.\n') }));

    const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const watch = await watchPage(page);
    await openKnowledge(page);
    await page.getByLabel('Type').selectOption('wiki');
    await page.getByLabel('Name (optional)', { exact: true }).fill('Lamp wiki');
    await page.getByRole('button', { name: 'Add provider' }).click();
    await page.getByRole('heading', { name: 'Lamp wiki', level: 1 }).waitFor();

    // A folder: zipped in the browser, only its pages (the .png stays out).
    await page.getByLabel('Upload a folder').setInputFiles(join(dir, 'lamp-wiki'));
    await page.getByText('Uploaded 2 pages as lamp-wiki.zip. Sync to import them.').waitFor();
    await page.getByText('lamp-wiki.zip', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Sync now' }).click();
    await page.getByRole('status').filter({ hasText: 'Sync done' }).waitFor();
    const sources = page.getByRole('list', { name: 'Sources' });
    await sources.getByText('Dimming the lamp', { exact: true }).waitFor();
    await sources.getByText('Cleaning', { exact: true }).waitFor();
    await shot(page, 'knowledge-wiki-desktop');

    // A zip replaces the earlier upload; the next sync removes what is no longer there.
    await page.getByLabel('Upload a zip file').setInputFiles(zipPath);
    await page.getByText('Uploaded export.zip. Sync to import it.').waitFor();
    await page.getByRole('button', { name: 'Sync now' }).click();
    await page.getByRole('status').filter({ hasText: 'Sync done' }).waitFor();
    await sources.getByText('Night mode', { exact: true }).waitFor();
    await sources.getByText('Dimming the lamp', { exact: true }).waitFor({ state: 'detached' });
    await expect.poll(() => sources.locator('> li').count()).toBe(1);

    await page.getByRole('button', { name: 'Delete provider' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Lamp wiki?' });
    await dialog.getByRole('button', { name: 'Delete provider' }).click();
    await page.getByRole('heading', { name: 'Knowledge', level: 1 }).waitFor();
    expect(await page.locator('.provider-list').getByText('Lamp wiki').count()).toBe(0);
    expect(await watch.violations()).toEqual([]);
    await context.close();
  });

  it("configures a search table's fields", async () => {
    await apiCall(h, 'POST', '/tables', { name: 'Lamps', format: 'csv', content: 'sku,name,price\nQ1,Quokka Lamp,49\nQ2,Quokka Mini,29\n' });
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await openKnowledge(page);
    await page.getByRole('heading', { name: /Lamps/, level: 3 }).waitFor();
    await page.getByRole('checkbox', { name: 'Range: price' }).check();
    await page.getByRole('checkbox', { name: 'Filter: sku' }).check();
    await page.getByRole('button', { name: 'Save fields of Lamps' }).click();
    await page.getByText('Fields saved.').waitFor();
    const tables = await apiCall<{ data: { name: string; range_fields: string[]; filter_fields: string[] }[] }>(h, 'GET', '/tables');
    const lamps = tables.data.find((t) => t.name === 'Lamps')!;
    expect(lamps.range_fields).toContain('price');
    expect(lamps.filter_fields).toContain('sku');
    await context.close();
  });

  for (const [name, viewport] of [
    ['desktop', { width: 1280, height: 900 }],
    ['390', { width: 390, height: 844 }],
  ] as const) {
    it(`axe finds no violations and nothing overflows (${name}): knowledge, a crawler, snippets`, async () => {
      const context = await h.browser.newContext({ viewport, bypassCSP: true });
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      await openKnowledge(page);
      await page.getByRole('list').filter({ hasText: 'Lamp FAQ' }).waitFor();
      await page.getByLabel('Question').fill('How do I pair the lamp?');
      await page.getByRole('button', { name: 'Ask' }).click();
      await page.getByRole('region', { name: 'Test result' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect(await layoutProblems(page)).toEqual([]);
      await shot(page, `knowledge-${name}`);
      await page.getByRole('link', { name: new URL(site.url).host }).click();
      await page.getByRole('status').filter({ hasText: 'Sync done' }).waitFor();
      await page.getByText('1 page failed').click();
      expect(await axeViolations(page)).toEqual([]);
      expect(await layoutProblems(page)).toEqual([]);
      await shot(page, `knowledge-provider-${name}`);
      await page.getByRole('link', { name: '← Knowledge' }).click();
      await page.getByRole('link', { name: 'Lamp FAQ' }).click();
      await page.getByRole('heading', { name: 'Lamp FAQ', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Edit Warranty' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect(await layoutProblems(page)).toEqual([]);
      await shot(page, `knowledge-snippets-${name}`);
      await context.close();
    });
  }
});
