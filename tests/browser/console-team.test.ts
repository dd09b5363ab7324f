// The console's Team and Account pages in real Chromium (spec 2.1): invite a member with a role (the
// temporary password shown once), who must choose their own password at first sign-in before
// anything else; change a role; remove with confirmation; sign out everywhere ends every session of
// the member. axe-clean, no CSP violation, nothing overflowing at 390 px; screenshots.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { watchPage } from './harness.js';
import { axeViolations } from './axe.js';
import { consoleHarness, layoutProblems, shot, signIn, navTo as followNav } from './console-harness.js';

const h = consoleHarness();

const navTo = async (page: Page, link: string) => {
  await followNav(page, link);
  await page.getByRole('heading', { name: link, level: 1 }).waitFor();
};

describe('team console: team and account', () => {
  it('invites a member who must change the temporary password, changes a role, removes, signs out everywhere', async () => {
    const owner = await h.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await owner.newPage();
    page.setDefaultTimeout(15_000);
    const watch = await watchPage(page);
    await signIn(page, h);
    await navTo(page, 'Team');
    await page.getByLabel('E-mail of the new member').fill('ines@example.test');
    await page.getByLabel('Name (optional)').fill('Ines');
    await page.getByLabel('Role', { exact: true }).selectOption('operator');
    await page.getByLabel('Temporary password (changed at first sign-in)').check();
    await page.getByRole('button', { name: 'Invite' }).click();
    const temporary = await page.getByTestId('temporary-password').innerText();
    expect(temporary.length).toBeGreaterThan(8);
    await page.locator('li', { hasText: 'ines@example.test' }).getByText('has not signed in yet').waitFor();
    await shot(page, 'team-invited-desktop');

    // First sign-in: only the change-password screen, then the console.
    const ines = await h.browser.newContext({ viewport: { width: 390, height: 844 }, bypassCSP: true });
    const p2 = await ines.newPage();
    p2.setDefaultTimeout(15_000);
    await p2.goto(`${h.base}/app`);
    await p2.getByLabel('E-mail').fill('ines@example.test');
    await p2.getByLabel('Password').fill(temporary);
    await p2.getByRole('button', { name: 'Sign in' }).click();
    await p2.getByRole('heading', { name: 'Choose your password' }).waitFor();
    expect(await p2.getByRole('navigation', { name: 'Console' }).count()).toBe(0);
    expect(await axeViolations(p2)).toEqual([]);
    await shot(p2, 'team-forced-password-390');
    await p2.getByLabel('Current password').fill(temporary);
    await p2.getByLabel('New password (at least 8 characters)').fill('ines own password');
    await p2.getByLabel('New password again').fill('ines own password');
    await p2.getByRole('button', { name: 'Change password' }).click();
    await p2.getByRole('heading', { name: 'Inbox', level: 1 }).waitFor();

    // The owner makes Ines an admin, then signs out everywhere from Ines's account page.
    await page.reload();
    const row = page.locator('li', { hasText: 'ines@example.test' });
    await row.getByLabel('Role of Ines').selectOption('admin');
    await expect.poll(async () => (await h.t.app.ctx.services.org.findMemberByEmail('ines@example.test'))?.role).toBe('admin');
    expect(await row.innerText()).not.toContain('has not signed in yet');

    const p3 = await ines.newPage();
    p3.setDefaultTimeout(15_000);
    await p3.goto(`${h.base}/app`);
    await p3.getByRole('heading', { name: 'Inbox', level: 1 }).waitFor();
    await followNav(p3, 'Account'); // a phone: the links are behind the Menu button
    await p3.getByRole('button', { name: 'Sign out everywhere' }).click();
    await p3.getByRole('dialog', { name: 'Sign out everywhere?' }).getByRole('button', { name: 'Sign out everywhere' }).click();
    await p3.getByRole('button', { name: 'Sign in' }).waitFor();
    await p2.reload();
    await p2.getByRole('button', { name: 'Sign in' }).waitFor();

    // Remove Ines, with confirmation.
    await row.getByRole('button', { name: 'Remove Ines' }).click();
    await page.getByRole('dialog', { name: 'Remove Ines?' }).getByRole('button', { name: 'Remove member' }).click();
    await row.waitFor({ state: 'detached' });
    expect(await h.t.app.ctx.services.org.findMemberByEmail('ines@example.test')).toBeUndefined();
    expect(await watch.violations()).toEqual([]);
    await ines.close();
    await owner.close();
  });

  it('a single-use invite link lets the new member choose a password and sign in, once', async () => {
    const owner = await h.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await owner.newPage();
    page.setDefaultTimeout(15_000);
    await signIn(page, h);
    await navTo(page, 'Team');
    await page.getByLabel('E-mail of the new member').fill('lin@example.test');
    await page.getByLabel('Single-use invite link').check();
    await page.getByRole('button', { name: 'Invite' }).click();
    const link = await page.getByTestId('invite-link').innerText();
    expect(link).toMatch(/\/app\/invite#/);
    await shot(page, 'team-invite-link-desktop');

    const lin = await h.browser.newContext({ viewport: { width: 390, height: 844 }, bypassCSP: true });
    const p2 = await lin.newPage();
    p2.setDefaultTimeout(15_000);
    await p2.goto(link);
    await p2.getByRole('heading', { name: 'Join the team' }).waitFor();
    expect(await axeViolations(p2)).toEqual([]);
    await shot(p2, 'team-invite-accept-390');
    await p2.getByLabel('Your password (at least 8 characters)').fill('lin own password');
    await p2.getByLabel('Password again').fill('lin own password');
    await p2.getByRole('button', { name: 'Join' }).click();
    await p2.getByRole('heading', { name: 'Inbox', level: 1 }).waitFor();
    // Used: the same link now says so.
    const p3 = await (await h.browser.newContext()).newPage();
    await p3.goto(link);
    await p3.getByLabel('Your password (at least 8 characters)').fill('another password');
    await p3.getByLabel('Password again').fill('another password');
    await p3.getByRole('button', { name: 'Join' }).click();
    await p3.getByRole('alert').getByText('already used').waitFor();
    await lin.close();
    await owner.close();
  });

  for (const [name, viewport] of [
    ['desktop', { width: 1280, height: 900 }],
    ['390', { width: 390, height: 844 }],
  ] as const) {
    it(`axe finds no violations and nothing overflows (${name}): team and account`, async () => {
      const context = await h.browser.newContext({ viewport, bypassCSP: true });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      await signIn(page, h);
      for (const link of ['Team', 'Account']) {
        await navTo(page, link);
        await page.locator('.plain-list li, .password-form').first().waitFor();
        expect(await axeViolations(page)).toEqual([]);
        expect(await layoutProblems(page)).toEqual([]);
        await shot(page, `${link.toLowerCase()}-${name}`);
      }
      await context.close();
    });
  }
});
