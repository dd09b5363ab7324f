// The console's Knowledge gaps page and Save as snippet in a conversation, in real Chromium
// (docs/knowledge.md "Knowledge gaps"). Visitors asked three phrasings of one question the demo
// knowledge does not answer, one other such question, and one that an operator answered in the
// conversation. The page lists the groups with their phrasings; the answer written on a group is
// saved as a snippet (the group leaves, the other phrasings are its alternative questions and are
// answered from it); a group is dismissed; in the conversation the operator's reply is saved as a
// snippet with the visitor's words as its question. At 1280×800 and 390×844: axe finds nothing,
// nothing overflows, no CSP violation, no console error. Screenshots in dist/screenshots/console (docs/img/knowledge-gaps-*.png are copies of them).
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { watchPage } from './harness.js';
import { axeViolations } from './axe.js';
import { apiCall, consoleHarness, layoutProblems, navTo, seedConversation, shot, signIn } from './console-harness.js';

const h = consoleHarness();
const ICELAND = ['Do you ship to Iceland?', 'Is shipping to Iceland possible?', 'Can you ship my order to Iceland?'];
const TEAPOT = 'Are your teapots dishwasher safe?';
const DOG = 'Can I bring my dog into the showroom?';
const DOG_REPLY = 'Yes, dogs on a lead are welcome in the showroom.';
const SIZES = [
  ['390', { width: 390, height: 844 }],
  ['1280', { width: 1280, height: 800 }],
] as const;

interface Gap {
  id: string;
  question: string;
}
let iceland: Gap;
let dog: { id: string };

async function ask(userId: string, text: string) {
  const c = await seedConversation(h, userId, text);
  await apiCall(h, 'POST', `/conversations/${c.id}/generate`);
  return c;
}

beforeAll(async () => {
  for (const [i, q] of ICELAND.entries()) await ask(`gaps-visitor-${i}`, q);
  await ask('gaps-teapot', TEAPOT);
  dog = await ask('gaps-dog', DOG);
  await apiCall(h, 'POST', `/conversations/${dog.id}/messages`, { content: DOG_REPLY });
  const gaps = (await apiCall<{ data: (Gap & { count: number })[] }>(h, 'GET', '/knowledge/gaps')).data;
  iceland = gaps.find((g) => ICELAND.includes(g.question) && g.count === 3)!;
  expect(iceland).toBeDefined();
});

/** A page in its own context; `audit` bypasses CSP so axe can be added to it (tests/browser/axe.ts). */
async function open(viewport: { width: number; height: number }, audit = false) {
  const context = await h.browser.newContext({ viewport, ...(audit ? { bypassCSP: true } : {}) } satisfies BrowserContextOptions);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const watch = await watchPage(page);
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  await signIn(page, h);
  errors.length = 0; // the login page's signed-out probe answers 401 before sign-in
  return { context, page, watch, errors };
}

const card = (page: Page, question: string) => page.locator('li.gap').filter({ has: page.getByRole('heading', { name: question, level: 2, exact: true }) });

/** The Knowledge gaps page with the Iceland group's phrasings shown and its answer being written. */
async function writeAnswer(page: Page) {
  await navTo(page, 'Knowledge gaps');
  await page.getByRole('heading', { name: 'Knowledge gaps', level: 1 }).waitFor();
  const group = card(page, iceland.question);
  await group.getByText('asked 3 times').waitFor();
  await group.getByText('3 phrasings').click();
  for (const q of ICELAND) await group.getByRole('list', { name: `Phrasings of “${iceland.question}”` }).getByText(q, { exact: true }).waitFor();
  await group.getByRole('button', { name: `Write the answer to “${iceland.question}”` }).click();
  await group.getByLabel('Answer (Markdown)').fill('Yes: we ship to **Iceland**, parcels arrive within 5 working days.');
  return group;
}

/** The conversation whose operator reply answers the dog question, with Save as snippet open. */
async function openSaveDialog(page: Page) {
  await page.goto(`${h.base}/app/p/${h.t.demo.project_id}/c/${dog.id}`);
  const reply = page.locator('li.msg-operator', { hasText: DOG_REPLY });
  await reply.getByRole('button', { name: /^Save as snippet/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Save as snippet' });
  await dialog.waitFor();
  return dialog;
}

describe('team console: knowledge gaps', { timeout: 120_000 }, () => {
  for (const [name, viewport] of SIZES) {
    it(`at ${name} px: the page and the Save as snippet dialog pass axe and fit`, async () => {
      const audit = await open(viewport, true);
      await writeAnswer(audit.page);
      expect(await axeViolations(audit.page)).toEqual([]);
      expect(await layoutProblems(audit.page)).toEqual([]);
      await openSaveDialog(audit.page);
      expect(await axeViolations(audit.page)).toEqual([]);
      expect(await layoutProblems(audit.page)).toEqual([]);
      await audit.context.close();

      // The same with the page's own CSP: no violation, no console error; the picture for the docs.
      const { context, page, watch, errors } = await open(viewport);
      await writeAnswer(page);
      expect(await layoutProblems(page)).toEqual([]);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `knowledge-gaps-${name}`);
      const dialog = await openSaveDialog(page);
      await shot(page, `knowledge-gaps-save-snippet-${name}`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await watch.violations()).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('saves the answer of a group as a snippet with every phrasing, and dismisses another group', async () => {
    const { context, page, watch, errors } = await open({ width: 1280, height: 800 });
    const group = await writeAnswer(page);
    await group.getByRole('button', { name: 'Save as snippet' }).click();
    await page.getByRole('status').getByText(`Saved as a snippet: “${iceland.question}” with 2 alternative questions.`, { exact: false }).waitFor();
    expect(await card(page, iceland.question).count()).toBe(0);

    const other = ICELAND.find((q) => q !== iceland.question)!;
    const tested = await apiCall<{ answer: { outcome: string; content: string } }>(h, 'POST', '/knowledge/test', { question: other });
    expect(tested.answer.outcome).toBe('answer');
    expect(tested.answer.content).toContain('5 working days');

    await card(page, TEAPOT).getByRole('button', { name: `Dismiss “${TEAPOT}”` }).click();
    await page.getByRole('status').getByText(`Dismissed “${TEAPOT}”.`).waitFor();
    expect(await card(page, TEAPOT).count()).toBe(0);
    await page.reload();
    await card(page, DOG).waitFor();
    expect(await card(page, TEAPOT).count()).toBe(0);
    expect(await card(page, iceland.question).count()).toBe(0);
    expect(await watch.violations()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("saves an operator's reply as a snippet from the conversation, the visitor's words its question", async () => {
    const { context, page, watch, errors } = await open({ width: 390, height: 844 });
    const dialog = await openSaveDialog(page);
    expect(await dialog.getByLabel('FAQ question').inputValue()).toBe(DOG);
    expect(await dialog.getByLabel('Answer (Markdown)').inputValue()).toBe(DOG_REPLY);
    await dialog.getByRole('button', { name: 'Save snippet' }).click();
    await page.locator('li.msg-operator', { hasText: DOG_REPLY }).getByText(`Saved as a snippet: “${DOG}”.`).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const snippets = await apiCall<{ data: { question: string; content: string }[] }>(h, 'GET', '/snippets?limit=100');
    expect(snippets.data).toContainEqual(expect.objectContaining({ question: DOG, content: DOG_REPLY }));
    const gaps = await apiCall<{ data: Gap[] }>(h, 'GET', '/knowledge/gaps');
    expect(gaps.data.some((g) => g.question === DOG)).toBe(false);
    expect(await watch.violations()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
