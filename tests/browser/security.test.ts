// Strict CSP and XSS in real Chromium (docs/architecture.md section 4): the strict-CSP example page
// (default-src 'none', nonce + 'strict-dynamic', no 'unsafe-inline' anywhere) reports zero violations
// while the visitor chats, rates and answers a handoff offer; and no XSS payload in a message, a
// source, the greeting or the channel name ever executes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, sendMessage, watchPage, widget, type Harness } from './harness.js';
import { XSS_PAYLOADS, XSS_SOURCES } from './xss-corpus.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const conversationOf = async (text: string) =>
  (await h.t.app.ctx.services.conversations.list(h.t.demo.project_id)).find((c) => c.messages.some((m) => m.content === text))!;

describe('strict CSP host page', () => {
  it('has a policy without unsafe-inline/unsafe-eval, and the widget runs under it with zero violations', async () => {
    const context = await h.browser.newContext();
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    const watch = await watchPage(page);
    const response = await page.goto(`${h.base}/examples/strict-csp.html`);
    const policy = response!.headers()['content-security-policy'];
    expect(policy).toContain("'strict-dynamic'");
    expect(policy).toMatch(/script-src[^;]*'nonce-/);
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('unsafe-eval');

    const [frameId] = h.frameIds;
    const w = widget(page, frameId);
    await w.locator('button.launcher').hover(); // intent loads the app chunk
    await w.locator('button.launcher').click();
    await w.locator('section.panel').waitFor();
    const question = 'What does the strict CSP example show?';
    await sendMessage(page, frameId, question);
    await w.locator('li.msg-assistant[data-id]').first().waitFor();

    // Rating with feedback (spec 2.5), offered once the conversation is resolved (not after the answer).
    expect(await w.locator('.rating').count()).toBe(0);
    await h.t.app.ctx.services.conversations.setStatus(h.t.demo.project_id, (await conversationOf(question)).id, 'resolved');
    await w.locator('button.star').nth(3).click();
    await w.locator('.feedback textarea').fill('Quick and clear');
    await w.locator('.feedback button[type="submit"]').click();
    await w.locator('.rating-done').waitFor();
    await expect.poll(async () => (await conversationOf(question)).rating).toBe(4);
    await expect.poll(async () => (await conversationOf(question)).rating_feedback).toBe('Quick and clear');

    // An offer_handoff answer (spec 2.9): review, then confirm.
    const conv = await conversationOf(question);
    await h.t.app.ctx.services.conversations.append(h.t.demo.project_id, conv.id, {
      role: 'assistant',
      content: "I'm not sure about that. Would you like to talk to a person?",
      offer_handoff: true,
    });
    await w.locator('button.handoff-offer').click();
    await w.locator('.handoff').waitFor();
    await w.locator('button.handoff-confirm').click();
    await w.locator('li.note').first().waitFor();
    await expect.poll(async () => (await conversationOf(question)).status).toBe('escalated');
    expect(await w.locator('button.handoff-offer').count()).toBe(0);

    // An operator reply arrives while the panel is closed: unread badge on the launcher.
    await page.keyboard.press('Escape');
    await w.locator('section.panel').waitFor({ state: 'detached' });
    await h.t.app.ctx.services.conversations.append(h.t.demo.project_id, conv.id, { role: 'operator', content: 'Hi, this is **Sam** from support.' });
    await w.locator('.badge:not([hidden])').waitFor();
    expect(await w.locator('.badge').textContent()).toBe('1');
    await w.locator('button.launcher').click();
    await w.locator('li.msg-operator strong', { hasText: 'Sam' }).waitFor();
    await w.locator('.badge[hidden]').waitFor({ state: 'attached' });

    expect(await watch.violations()).toEqual([]);
    await context.close();
  });
});

describe('XSS', () => {
  it('never executes payloads in messages, sources, the greeting or the channel name', async () => {
    // The channel's own texts are attacker-controlled too from the widget's point of view.
    const channel = (await h.t.app.ctx.services.projects.listChannels(h.t.demo.project_id)).find((c) => c.frame_id === h.frameIds[0])!;
    await h.t.app.ctx.services.projects.updateChannel(h.t.demo.project_id, channel.id, {
      name: '<img src=x onerror=__xss(201)>',
      greeting: '[hi](javascript:__xss(202)) <script>__xss(203)</script>',
    });
    const context = await h.browser.newContext();
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await page.addInitScript(() => {
      const w = window as unknown as { __xssHits: unknown[]; __xss: (n: unknown) => void };
      w.__xssHits = [];
      w.__xss = (n) => w.__xssHits.push(n);
    });
    page.on('dialog', (d) => void d.dismiss());
    await page.goto(`${h.site}/examples/launcher.html`);
    const [frameId] = h.frameIds;
    const w = widget(page, frameId);
    await w.locator('button.launcher').click();
    await w.locator('section.panel').waitFor();

    // The visitor types a few payloads (rate limits allow 12 a minute per device).
    for (const payload of XSS_PAYLOADS.slice(0, 4)) await sendMessage(page, frameId, payload);
    const conv = await conversationOf(XSS_PAYLOADS[0]);
    // Replies and sources come from the server (assistant and operator), all the payloads.
    for (const [i, payload] of XSS_PAYLOADS.entries()) {
      await h.t.app.ctx.services.conversations.append(h.t.demo.project_id, conv.id, {
        role: i % 2 ? 'operator' : 'assistant',
        content: payload,
        sources: i % 5 === 0 ? XSS_SOURCES : [],
      });
    }
    await expect.poll(() => w.locator('li[data-id]').count()).toBeGreaterThanOrEqual(XSS_PAYLOADS.length + 4);
    // Every link the widget rendered has an allowed scheme and rel="noopener noreferrer".
    const links = w.locator('a');
    for (let i = 0; i < (await links.count()); i++) {
      const href = (await links.nth(i).getAttribute('href'))!;
      expect(href).toMatch(/^(https?:|mailto:)/);
      expect(await links.nth(i).getAttribute('rel')).toBe('noopener noreferrer');
    }
    const bad = await w.evaluate((host: HTMLElement) =>
      [...host.shadowRoot!.querySelectorAll('*')]
        .filter((el) => ['SCRIPT', 'IMG', 'IFRAME', 'OBJECT', 'EMBED', 'STYLE', 'DETAILS', 'MATH'].includes(el.tagName) || [...el.attributes].some((a) => a.name.startsWith('on')))
        .map((el) => el.outerHTML),
    );
    expect(bad).toEqual([]);
    await w.locator('li.msg-operator', { hasText: '<img src=x onerror="__xss(2)">' }).first().waitFor(); // shown as text
    expect(await w.locator('.hd-title').textContent()).toBe('<img src=x onerror=__xss(201)>');
    // Sources render under answers as title + link; unsafe URLs keep their title as plain text.
    expect(await w.locator('.sources a', { hasText: 'Safe title' }).first().getAttribute('href')).toMatch(/^https:\/\/example\.com\//);
    expect(await w.locator('.sources li', { hasText: '<img src=x onerror=__xss(101)>' }).first().locator('a').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xssHits: unknown[] }).__xssHits)).toEqual([]);
    await context.close();
  });
});
