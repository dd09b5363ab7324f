// The console's Behaviour page in real Chromium (spec 2.7, 2.9; docs/behaviour.md): a model setting
// saved to the default profile, a new profile created and deleted, guidance rules written with the
// backtick tool completion (keyboard only), reordered with the move buttons, set to draft and to an
// audience, a typo'd tool name flagged by the server's `unknown_tools`, a rule deleted. axe-clean
// with the completion list open, no CSP violation, nothing overflowing at 390 px; screenshots in
// dist/screenshots/console.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { watchPage } from './harness.js';
import { axeViolations } from './axe.js';
import { apiCall, consoleHarness, layoutProblems, shot, signIn, navTo } from './console-harness.js';

const h = consoleHarness();

interface Rule {
  id: string;
  name: string;
  state: string;
  audience_id: string | null;
  instructions: string;
  allowed_tools: string[];
}
const rules = async () => (await apiCall<{ data: Rule[] }>(h, 'GET', '/guidance-rules')).data;

async function openBehaviour(page: Page) {
  await signIn(page, h);
  await navTo(page, 'Behaviour');
  await page.getByRole('heading', { name: 'Behaviour', level: 1 }).waitFor();
  await page.getByRole('heading', { name: /^Guidance rules of / }).waitFor();
}

/** Writes a new rule; the instructions are typed key by key, as a person would. */
async function newRule(page: Page, name: string, type: (box: ReturnType<Page['getByRole']>) => Promise<void>) {
  await page.getByRole('button', { name: 'New rule' }).click();
  await page.getByLabel('Rule name').fill(name);
  const box = page.getByRole('textbox', { name: 'Instructions' });
  await box.focus();
  await type(box);
  await page.getByRole('button', { name: 'Save rule' }).click();
  await page.getByText('Rule saved.').waitFor();
}

describe('team console: Behaviour', () => {
  it('edits the profile, writes rules with tool completion, reorders, drafts and deletes them', async () => {
    const audience = await apiCall<{ id: string }>(h, 'POST', '/audiences', {
      name: 'Pricing visitors',
      conditions: [{ type: 'condition', field: 'channel.browser_url', operator: 'contains', value: '/pricing' }],
    });
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const watch = await watchPage(page);
    await openBehaviour(page);

    // Profile: a model setting reaches GET /profiles/default; escalation comes with its warning.
    await expect.poll(() => page.getByText('without asking the visitor first').isVisible()).toBe(true);
    await page.getByLabel('Temperature (0–2)').fill('0.4');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Profile saved.').waitFor();
    const saved = await apiCall<{ model: Record<string, unknown> }>(h, 'GET', '/profiles/default');
    // The empty fields stay the server's setting (null).
    expect(saved.model).toEqual({ provider: 'server', model: null, temperature: 0.4, max_tokens: null, max_tool_rounds: null });

    // A rule written with the keyboard only: ` opens the list, typing filters it, arrows + Enter pick.
    await newRule(page, 'Refunds', async (box) => {
      await box.pressSequentially('For refunds, ');
      await page.keyboard.press('`');
      const list = page.getByRole('listbox', { name: 'Tools of this profile' });
      await list.waitFor();
      const combo = page.getByRole('combobox', { name: 'Instructions' });
      expect(await combo.getAttribute('aria-expanded')).toBe('true');
      await expect.poll(() => list.getByRole('option').allInnerTexts()).toEqual(expect.arrayContaining([expect.stringContaining('offer_handoff'), expect.stringContaining('search_knowledge')]));
      await box.pressSequentially('off');
      await expect.poll(() => list.getByRole('option').allInnerTexts()).toEqual([expect.stringContaining('offer_handoff')]);
      await page.keyboard.press('Escape');
      await list.waitFor({ state: 'hidden' });
      expect(await combo.getAttribute('aria-expanded')).toBe('false');
      for (let i = 0; i < 4; i++) await page.keyboard.press('Backspace');
      await page.keyboard.press('`');
      await list.waitFor();
      // The first option is active; ArrowDown moves to the next, which aria-activedescendant names.
      const names = (await list.getByRole('option').allInnerTexts()).map((t) => t.split(/\s/)[0]);
      await page.keyboard.press('ArrowDown');
      const active = await box.getAttribute('aria-activedescendant');
      expect(await page.locator(`#${active}`).getAttribute('aria-selected')).toBe('true');
      for (let i = 1; names[i % names.length] !== 'offer_handoff'; i++) await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await list.waitFor({ state: 'hidden' });
      await box.pressSequentially(' offer a person.');
      expect(await box.inputValue()).toBe('For refunds, `offer_handoff` offer a person.');
    });
    expect((await rules()).map((r) => [r.name, r.allowed_tools])).toEqual([['Refunds', ['offer_handoff']]]);
    await page.getByRole('button', { name: 'Close' }).click();

    // A tool picked with a click, then a typo: the server leaves the typo out and the editor says so.
    await newRule(page, 'Typo', async (box) => {
      await box.pressSequentially('Look it up with ');
      await page.keyboard.press('`');
      await page.getByRole('option', { name: /search_knowledge/ }).click();
      await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
      await box.pressSequentially(', else use ');
      await page.keyboard.press('`');
      await box.pressSequentially('offer_handof');
      await page.keyboard.press('Escape');
      await page.keyboard.press('`');
      await box.pressSequentially(' when asked.');
    });
    await page.getByText('Not a tool of this profile: `offer_handof`').waitFor();
    await shot(page, 'behaviour-editor-desktop');
    await page.getByRole('button', { name: 'Close' }).click();
    expect((await rules()).map((r) => [r.name, r.allowed_tools])).toEqual([
      ['Refunds', ['offer_handoff']],
      ['Typo', ['search_knowledge']],
    ]);
    expect((await rules())[1].instructions).toBe('Look it up with `search_knowledge`, else use `offer_handof` when asked.');

    // Reorder from the keyboard: the moved rule's button keeps the focus.
    await page.getByRole('button', { name: 'Move up Typo' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await rules()).map((r) => r.name)).toEqual(['Typo', 'Refunds']);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Move down Typo');
    await expect.poll(() => page.locator('.rule-name').allInnerTexts()).toEqual(['Typo', 'Refunds']);

    // Draft and audience from the list.
    await page.getByRole('checkbox', { name: 'Active (Typo)' }).uncheck();
    await expect.poll(async () => (await rules()).find((r) => r.name === 'Typo')?.state).toBe('draft');
    await page.getByLabel('Audience of Refunds').selectOption({ label: 'Pricing visitors' });
    await expect.poll(async () => (await rules()).find((r) => r.name === 'Refunds')?.audience_id).toBe(audience.id);
    await page.getByRole('list', { name: 'Allowed tools of Refunds' }).getByText('offer_handoff').waitFor();

    // Delete a rule (confirmed), then a new profile (the default one has no delete button).
    await page.getByRole('button', { name: 'Delete Typo' }).click();
    await page.getByRole('dialog', { name: 'Delete rule Typo?' }).getByRole('button', { name: 'Delete rule' }).click();
    await expect.poll(async () => (await rules()).map((r) => r.name)).toEqual(['Refunds']);
    expect(await page.getByRole('button', { name: 'Delete profile' }).count()).toBe(0);
    await page.getByLabel('New profile name').fill('Night shift');
    await page.getByRole('button', { name: 'Create profile' }).click();
    await page.getByRole('heading', { name: 'Guidance rules of Night shift' }).waitFor();
    expect((await apiCall<{ data: { name: string }[] }>(h, 'GET', '/profiles')).data.map((p) => p.name)).toContain('Night shift');
    await page.getByRole('button', { name: 'Delete profile' }).click();
    await page.getByRole('dialog', { name: 'Delete profile Night shift?' }).getByRole('button', { name: 'Delete profile' }).click();
    await page.getByRole('heading', { name: /^Guidance rules of (?!Night shift)/ }).waitFor();
    expect((await apiCall<{ data: { name: string }[] }>(h, 'GET', '/profiles')).data.map((p) => p.name)).not.toContain('Night shift');
    expect(await watch.violations()).toEqual([]);
    await context.close();
  });

  it('shows the API error when a save is refused', async () => {
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await openBehaviour(page);
    await page.getByLabel('Timezone (for time conditions)').fill('Mars/Olympus');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByRole('alert').waitFor();
    expect((await apiCall<{ timezone: string }>(h, 'GET', '/profiles/default')).timezone).not.toBe('Mars/Olympus');
    await context.close();
  });

  for (const [name, viewport] of [
    ['desktop', { width: 1280, height: 900 }],
    ['390', { width: 390, height: 844 }],
  ] as const) {
    it(`axe finds no violations and nothing overflows, completion list open (${name})`, async () => {
      const context = await h.browser.newContext({ viewport, bypassCSP: true });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      await openBehaviour(page);
      await page.locator('.rule-row').first().waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect(await layoutProblems(page)).toEqual([]);
      await shot(page, `behaviour-${name}`);
      await page.getByRole('button', { name: 'New rule' }).click();
      await page.getByRole('textbox', { name: 'Instructions' }).focus();
      await page.keyboard.press('`');
      await page.getByRole('listbox', { name: 'Tools of this profile' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect(await layoutProblems(page)).toEqual([]);
      await shot(page, `behaviour-completion-${name}`);
      await context.close();
    });
  }
});
