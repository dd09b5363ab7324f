// The console's Actions page in real Chromium (spec 2.9; docs/behaviour.md "Procedures", "Toolboxes
// and web tools"): a two-step procedure written in the step-card editor reaches GET /procedures, a
// `next` naming no step shows the server's 400 at that step, a toolbox switched on reaches GET
// /profiles/default. No CSP violation; axe-clean and nothing overflowing at 1280 and 390 px, with
// screenshots in dist/screenshots/console.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { watchPage } from './harness.js';
import { apiCall, consoleHarness, itPassesAxeAndFits, signIn, navTo } from './console-harness.js';

const h = consoleHarness();

interface Procedure {
  id: string;
  name: string;
  steps: { id: string; type: string; next?: string | null; field?: string; kind?: string; text?: string }[];
  profile_ids: string[];
}

async function openActions(page: Page) {
  await signIn(page, h);
  await navTo(page, 'Actions');
  await page.getByRole('heading', { name: 'Actions', level: 1 }).waitFor();
  await page.getByRole('heading', { name: 'Procedures' }).waitFor();
}

/** Opens the editor on a two-step procedure: ask a number, then say it back. */
async function writeProcedure(page: Page) {
  await page.getByRole('button', { name: 'New procedure' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Lucky number');
  await page.getByLabel('Trigger phrases (one per line)').fill('my lucky number');
  await page.getByRole('button', { name: 'Remove step 1' }).click();
  await page.getByLabel('New step type').selectOption('ask');
  await page.getByRole('button', { name: 'Add step' }).click();
  await page.getByLabel('New step type').selectOption('say');
  await page.getByRole('button', { name: 'Add step' }).click();
  await page.locator('#step-0-field').fill('number');
  await page.locator('#step-0-kind').selectOption('number');
  await page.locator('#step-0-prompt').fill('Which number?');
  await page.locator('#step-1-text').fill('You said {{number}}.');
}

describe('team console: Actions', () => {
  it('writes a procedure with step cards, shows a bad next at its step, switches a toolbox on', async () => {
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const watch = await watchPage(page);
    await openActions(page);

    await writeProcedure(page);
    await page.getByRole('button', { name: 'Save procedure' }).click();
    await page.getByText('Saved Lucky number.').waitFor();
    const list = (await apiCall<{ data: Procedure[] }>(h, 'GET', '/procedures')).data;
    const saved = list.find((p) => p.name === 'Lucky number');
    expect(saved?.steps.map((s) => [s.type, s.field ?? s.text])).toEqual([
      ['ask', 'number'],
      ['say', 'You said {{number}}.'],
    ]);
    expect(saved?.profile_ids).toEqual(['default']);

    // Step 1 goes to step2, then step2 is renamed: the server's 400 names steps[0].next.
    await page.locator('#step-0-next').selectOption('step2');
    await page.locator('#step-1-id').fill('said');
    await page.getByRole('button', { name: 'Save procedure' }).click();
    const firstStep = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Step 1: ask' }) });
    await expect.poll(() => firstStep.getByRole('alert').textContent()).toContain('no step "step2"');
    expect(await page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Step 2: say' }) }).getByRole('alert').count()).toBe(0);

    // A toolbox switched on reaches the profile.
    await page.getByRole('switch', { name: /Time/ }).check();
    await expect.poll(async () => (await apiCall<{ toolboxes: string[] }>(h, 'GET', '/profiles/default')).toolboxes).toContain('time');
    expect(await watch.violations()).toEqual([]);
    await context.close();
  }, 60_000);

  itPassesAxeAndFits(h, 'actions', async (page) => {
    await openActions(page);
    await writeProcedure(page);
  });
});
