// Exports in the console (spec 4.1), replayable by a person: search the inbox, open Export, download
// the filtered list as CSV and as .xlsx, parse both (papaparse, exceljs) and find the same rows with
// accents, Arabic and emoji intact; export the batch bar's selection; request the full export on the
// Data export page and see its link; add a recurring export. Both sizes pass axe, with no CSP violation or page error.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import ExcelJS from 'exceljs';
import type { Download, Page } from 'playwright-core';
import { watchPage } from './harness.js';
import { axeViolations } from './axe.js';
import { apiCall, consoleHarness, layoutProblems, navTo, seedConversation, shot, signIn } from './console-harness.js';

const h = consoleHarness();
const TEXTS = ['exporttest Café crème, déjà vu', 'exporttest مرحبا، أين طلبي؟', 'exporttest fête 🎉 in Zürich 😀'];

async function seed() {
  const ids: string[] = [];
  for (const [i, text] of TEXTS.entries()) ids.push((await seedConversation(h, `export-${i}`, text)).id);
  // Filtered out: another search word, and a resolved one (the Open tab).
  await seedConversation(h, 'export-other', 'something else entirely');
  const resolved = await seedConversation(h, 'export-resolved', 'exporttest already solved');
  await h.t.app.ctx.services.conversations.setStatus(h.t.demo.project_id, resolved.id, 'resolved');
  return ids;
}

async function saved(download: Download): Promise<Buffer> {
  return readFile((await download.path())!);
}

async function downloadList(page: Page, format: string): Promise<Buffer> {
  const menu = page.locator('details.export-menu');
  await menu.getByLabel('Format').selectOption({ label: format });
  const [download] = await Promise.all([page.waitForEvent('download'), menu.getByRole('link', { name: 'Download' }).click()]);
  return saved(download);
}

async function xlsxRows(file: Buffer): Promise<Record<string, unknown>[]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  const header = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
  const rows: Record<string, unknown>[] = [];
  sheet.eachRow((row, n) => {
    if (n > 1) rows.push(Object.fromEntries(header.map((name, i) => [name, row.getCell(i + 1).value])));
  });
  return rows;
}

describe('console exports', () => {
  let ids: string[] = [];

  it('exports the filtered inbox as CSV and .xlsx with the same rows and UTF-8 intact, and the selection', async () => {
    ids = await seed();
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const watch = await watchPage(page);
    await signIn(page, h);
    await page.getByLabel('Search messages').fill('exporttest');
    for (const id of ids) await page.locator(`li[data-conversation-id="${id}"]`).waitFor();
    await page.locator('details.export-menu > summary').click();

    const csvFile = await downloadList(page, 'CSV (Excel)');
    expect([...csvFile.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = Papa.parse<Record<string, string>>(csvFile.toString('utf8').slice(1), { header: true, skipEmptyLines: true }).data;
    expect(csv.map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(csv.map((r) => r.last_message).sort()).toEqual([...TEXTS].sort());

    const xlsx = await xlsxRows(await downloadList(page, 'Excel (.xlsx)'));
    expect(xlsx.map((r) => r.id)).toEqual(csv.map((r) => r.id));
    expect(xlsx.map((r) => r.last_message)).toEqual(csv.map((r) => r.last_message));
    // Date columns name the zone their times are on: the organization's, UTC until one is set.
    expect(xlsx[0]['created_at (UTC)']).toBeInstanceOf(Date);
    await shot(page, 'exports-inbox-menu');

    // The batch bar exports only what is selected.
    for (const id of ids.slice(0, 2)) await page.locator(`li[data-conversation-id="${id}"]`).getByRole('checkbox').check();
    const batch = page.getByRole('region', { name: 'Batch actions' });
    const [download] = await Promise.all([page.waitForEvent('download'), batch.getByRole('button', { name: 'Export selected' }).click()]);
    const selected = Papa.parse<Record<string, string>>((await saved(download)).toString('utf8').slice(1), { header: true, skipEmptyLines: true }).data;
    expect(selected.map((r) => r.id).sort()).toEqual(ids.slice(0, 2).sort());
    await batch.getByText('Exported 2 conversations as CSV (Excel).').waitFor();

    // The full export: requested, built in the background, then a link.
    await navTo(page, 'Data export');
    await page.getByRole('heading', { name: 'Data export', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Request full export' }).click();
    const link = page.getByRole('link', { name: 'Download JSONL' });
    await link.waitFor();
    const [full] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const lines = (await saved(full)).toString('utf8').trimEnd().split('\n').map((l) => JSON.parse(l));
    const cafe = lines.find((l) => l.user?.external_id === 'export-0');
    expect(cafe.conversations[0].messages[0].content).toBe(TEXTS[0]);
    await page.getByText('1 of 2 left today.').waitFor();

    // A recurring export: weekly messages as JSONL to an address.
    const recurring = page.getByRole('region', { name: 'Recurring exports' });
    await recurring.getByLabel('Every').selectOption({ label: 'Week' });
    await recurring.getByLabel('What').selectOption({ label: 'Messages' });
    await recurring.getByLabel('Format').selectOption({ label: 'JSONL' });
    await recurring.getByLabel('E-mail address').fill('reports@example.test');
    await recurring.getByRole('button', { name: 'Add recurring export' }).click();
    await recurring.getByText('Weekly: messages as JSONL').waitFor();
    expect((await apiCall<{ data: { to: string }[] }>(h, 'GET', '/export-schedules')).data.map((s) => s.to)).toEqual(['reports@example.test']);
    await shot(page, 'exports-data-export');
    expect(await watch.violations()).toEqual([]);
    await context.close();
  }, 90_000);

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    it(`passes axe and fits at ${viewport.width}×${viewport.height} (inbox Export open, Data export page)`, async () => {
      const context = await h.browser.newContext({ viewport, bypassCSP: true });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      await signIn(page, h);
      await page.locator('details.export-menu > summary').click();
      await page.locator('details.export-menu').getByLabel('Format').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect(await layoutProblems(page)).toEqual([]);
      await navTo(page, 'Data export');
      await page.getByRole('button', { name: 'Request full export' }).waitFor();
      await page.getByRole('link', { name: 'Download JSONL' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect(await layoutProblems(page)).toEqual([]);
      await shot(page, `exports-data-export-${viewport.width}`);
      await context.close();
    }, 60_000);
  }

  it('shows a member why the full export is off, and what they may still export', async () => {
    const email = 'member-exports@team.test';
    await h.t.app.ctx.services.org.createMember({ organizationId: h.t.demo.organization_id, email, name: 'Mem Ber', password: 'correct horse battery', role: 'member' });
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await signIn(page, h, email, 'correct horse battery');
    await navTo(page, 'Data export');
    await expect.poll(() => page.getByRole('button', { name: 'Request full export' }).isDisabled()).toBe(true);
    await page.getByText('needs the full_export:read permission').waitFor();
    await page.getByRole('link', { name: 'Export users' }).waitFor();
    await context.close();
    expect((await apiCall<{ data: unknown[] }>(h, 'GET', '/full-exports')).data.length).toBe(1);
  }, 60_000);
});
