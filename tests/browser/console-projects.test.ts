// The console's projects page in real Chromium (spec 2.1, 2.2): create a project (the switcher lists
// and selects it), rename it, delete it only after typing its name; the last project gone, /app
// offers to create one. axe-clean, no CSP violation, nothing overflowing at 390 px; screenshots in
// dist/screenshots/console.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { watchPage } from './harness.js';
import { axeViolations } from './axe.js';
import { consoleHarness, layoutProblems, shot, signIn, navTo } from './console-harness.js';

const h = consoleHarness();

const switcher = (page: Page) => page.getByRole('combobox', { name: 'Project' });
const switcherNames = (page: Page) => switcher(page).locator('option').allTextContents();

async function openProjects(page: Page) {
  await signIn(page, h);
  await navTo(page, 'Projects');
  await page.getByRole('heading', { name: 'Projects', level: 1 }).waitFor();
}

describe('team console: projects', { timeout: 90_000 }, () => {
  it('creates, renames and deletes a project (typing its name); the switcher follows', async () => {
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const watch = await watchPage(page);
    await openProjects(page);

    await page.getByLabel('Project name').fill('Acme Support');
    await page.getByRole('button', { name: 'Create project' }).click();
    await page.getByRole('status').getByText('Created Acme Support.').waitFor();
    await expect.poll(() => switcherNames(page)).toContain('Acme Support');
    const created = (await h.t.app.ctx.services.projects.listProjects(h.t.demo.organization_id)).find((p) => p.name === 'Acme Support')!;
    await expect.poll(() => switcher(page).inputValue()).toBe(created.id);
    expect(new URL(page.url()).pathname).toBe(`/app/p/${created.id}/projects`);
    await page.getByRole('link', { name: 'Set up its knowledge' }).waitFor();
    await shot(page, 'projects-desktop');

    const row = page.locator(`li[data-project-id="${created.id}"]`);
    await row.getByLabel('New name for Acme Support').fill('Acme Help Desk');
    await row.getByRole('button', { name: 'Rename Acme Support' }).click();
    await page.getByRole('status').getByText('Renamed to Acme Help Desk.').waitFor();
    await expect.poll(() => switcherNames(page)).toContain('Acme Help Desk');
    expect(await switcherNames(page)).not.toContain('Acme Support');

    // Delete: the button stays disabled until the exact name is typed; Cancel keeps the project.
    await row.getByRole('button', { name: 'Delete Acme Help Desk' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Acme Help Desk?' });
    await dialog.waitFor();
    const confirm = dialog.getByRole('button', { name: 'Delete project' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('To confirm, type its name').fill('Acme');
    expect(await confirm.isDisabled()).toBe(true);
    await shot(page, 'projects-delete-desktop');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByRole('button', { name: 'Delete Acme Help Desk' }).click();
    await dialog.getByLabel('To confirm, type its name').fill('Acme Help Desk');
    await confirm.click();
    await page.getByRole('status').getByText('Deleted Acme Help Desk and everything in it.').waitFor();
    await row.waitFor({ state: 'detached' });
    await expect.poll(() => switcherNames(page)).not.toContain('Acme Help Desk');
    // It was the open project: the page moved to another one.
    await expect.poll(() => switcher(page).inputValue()).toBe(h.t.demo.project_id);
    expect(await h.t.app.ctx.services.projects.getProject(created.id)).toBeUndefined();
    expect(await watch.violations()).toEqual([]);
    await context.close();
  });

  it('works by keyboard alone: Tab reaches the form, Enter creates, the delete dialog takes focus and Escape closes it', async () => {
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await openProjects(page);
    const focusedLabel = () => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent ?? document.activeElement?.textContent ?? '');
    let steps = 0;
    while (!(await focusedLabel()).startsWith('Project name') && steps++ < 40) await page.keyboard.press('Tab');
    expect(await focusedLabel()).toMatch(/^Project name/);
    await page.keyboard.type('Keyboard Co');
    await page.keyboard.press('Enter');
    await page.getByRole('status').getByText('Created Keyboard Co.').waitFor();
    const created = (await h.t.app.ctx.services.projects.listProjects(h.t.demo.organization_id)).find((p) => p.name === 'Keyboard Co')!;
    // Creating opens the new project, which renders the page again: focus a row only after that, or
    // the focused button may be replaced before Enter reaches it.
    await expect.poll(() => switcher(page).inputValue()).toBe(created.id);
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/app/p/${created.id}/projects`);
    const del = page.locator(`li[data-project-id="${created.id}"]`).getByRole('button', { name: 'Delete Keyboard Co' });
    await del.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Delete Keyboard Co?' });
    await dialog.waitFor();
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await h.t.app.ctx.services.projects.getProject(created.id)).toBeDefined();
    // Again, typing the name and pressing Enter deletes it.
    await del.focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await expect.poll(() => focusedLabel()).toMatch(/^To confirm, type its name/); // focus lands in the name field
    await page.keyboard.type('Keyboard Co');
    await page.keyboard.press('Enter');
    await page.getByRole('status').getByText('Deleted Keyboard Co and everything in it.').waitFor();
    expect(await h.t.app.ctx.services.projects.getProject(created.id)).toBeUndefined();
    await context.close();
  });

  for (const [name, viewport] of [
    ['desktop', { width: 1280, height: 900 }],
    ['390', { width: 390, height: 844 }],
  ] as const) {
    it(`axe finds no violations and nothing overflows (${name}): projects page and delete dialog`, async () => {
      const context = await h.browser.newContext({ viewport, bypassCSP: true });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      await openProjects(page);
      await page.locator(`li[data-project-id="${h.t.demo.project_id}"]`).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect(await layoutProblems(page)).toEqual([]);
      await shot(page, `projects-${name}`);
      await page.locator(`li[data-project-id="${h.t.demo.project_id}"]`).getByRole('button', { name: /^Delete/ }).click();
      await page.getByRole('dialog').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect(await layoutProblems(page)).toEqual([]);
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      await context.close();
    });
  }

  it('with no project left, /app offers to create one at /app/projects', async () => {
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await openProjects(page);
    const demo = await h.t.app.ctx.services.projects.getProject(h.t.demo.project_id);
    await page.locator(`li[data-project-id="${h.t.demo.project_id}"]`).getByRole('button', { name: `Delete ${demo!.name}` }).click();
    await page.getByLabel('To confirm, type its name').fill(demo!.name);
    await page.getByRole('dialog').getByRole('button', { name: 'Delete project' }).click();
    await page.getByText('No projects yet: create the first one above.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/projects');
    await page.goto(`${h.base}/app`);
    await page.getByRole('link', { name: 'Create one' }).click();
    await page.getByLabel('Project name').fill('Fresh start');
    await page.getByRole('button', { name: 'Create project' }).click();
    await expect.poll(() => switcherNames(page)).toEqual(['Fresh start']);
    await context.close();
  });
});
