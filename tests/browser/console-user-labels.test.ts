// The visitor's user labels in the conversation's Visitor panel, in real Chromium (spec 2.4): an
// operator adds a label, sees it as a chip, removes another; the user's stored labels follow, so
// audiences on `user.labels` see them. axe-clean and nothing overflowing at 1280×800 and 390×844.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { watchPage } from './harness.js';
import { axeViolations } from './axe.js';
import { apiCall, consoleHarness, layoutProblems, seedConversation, shot, signIn } from './console-harness.js';

const h = consoleHarness();

async function openVisitor(page: Page, conversationId: string, phone: boolean) {
  await signIn(page, h);
  await page.locator(`li[data-conversation-id="${conversationId}"] a.row-link`).click();
  if (phone) await page.getByRole('button', { name: 'Details' }).click();
  return page.getByRole('region', { name: 'Visitor' });
}

describe('console: user labels', () => {
  it('adds and removes a user label from the Visitor panel, at desktop and phone sizes', { timeout: 90_000 }, async () => {
    const user = await apiCall<{ id: string }>(h, 'POST', '/users', { email: 'grace@example.test', first_name: 'Grace', labels: ['beta'] });
    const conversation = await seedConversation(h, user.id, 'Can I get the annual plan?');
    for (const [name, viewport] of [
      ['desktop', { width: 1280, height: 800 }],
      ['390', { width: 390, height: 844 }],
    ] as const) {
      const context = await h.browser.newContext({ viewport, bypassCSP: true });
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      const watch = await watchPage(page);
      const panel = await openVisitor(page, conversation.id, name === '390');
      const labels = panel.getByRole('list', { name: 'User labels' });
      await labels.getByText('beta').waitFor();

      const added = `vip-${name}`;
      await panel.getByLabel('Add a user label').fill(added);
      await panel.getByRole('button', { name: 'Add', exact: true }).click();
      await labels.getByText(added).waitFor();
      expect((await apiCall<{ labels: string[] }>(h, 'GET', `/users/${user.id}`)).labels).toContain(added);

      expect(await axeViolations(page)).toEqual([]);
      expect(await layoutProblems(page)).toEqual([]);
      await shot(page, `user-labels-${name}`);

      await panel.getByRole('button', { name: `Remove user label ${added}` }).click();
      await labels.getByText(added).waitFor({ state: 'detached' });
      expect((await apiCall<{ labels: string[] }>(h, 'GET', `/users/${user.id}`)).labels).toEqual(['beta']);
      expect(await watch.violations()).toEqual([]);
      await context.close();
    }
  });
});
