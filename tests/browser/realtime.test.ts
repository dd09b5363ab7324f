// What the visitor sees while an answer is written in real Chromium: the typing
// indicator, then the answer growing delta by delta, then the stored message replacing the draft.
// The model is an OpenAI-compatible fake on 127.0.0.1 (the outer edge) that opens its stream and
// then writes only what the test tells it to, so each stage can be looked at.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, sendMessage, watchPage, widget, type Harness } from './harness.js';

let h: Harness;
let llm: Server;
/** The response held open mid-answer, and what to send when the test releases it. */
let held: ServerResponse | null = null;
let requests = 0;

const chunk = (delta: object, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 0, model: 'paced', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

beforeAll(async () => {
  llm = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      requests += 1;
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write(chunk({ role: 'assistant', content: '' }));
      held = res;
    });
  });
  await new Promise<void>((resolve) => llm.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(llm.address() as AddressInfo).port}/v1`;
  h = await startHarness({ llm: { baseUrl, apiKey: 'k', model: 'paced', timeoutMs: 20_000 } });
});
afterAll(async () => {
  held?.destroy();
  await h?.close();
  llm?.closeAllConnections();
  await new Promise((resolve) => llm?.close(resolve));
});

describe('streamed answers', () => {
  it('shows typing, then the growing draft, then the stored answer in its place', async () => {
    const context = await h.browser.newContext();
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const watch = await watchPage(page, /\/examples\/example\.css/);
    await page.goto(`${h.site}/examples/launcher.html`);
    const [frameId] = h.frameIds;
    const w = widget(page, frameId);
    await w.locator('button.launcher').click();
    // Screen readers: record every text the polite live region holds while the answer streams.
    const region = w.locator('[role="status"][aria-live="polite"][aria-atomic="true"]');
    await region.waitFor({ state: 'attached' });
    await region.evaluate((el) => {
      const seen: string[] = [];
      (window as unknown as { __announced: string[] }).__announced = seen;
      new MutationObserver(() => seen.push(el.textContent ?? '')).observe(el, { childList: true, characterData: true, subtree: true });
    });
    const announced = () => page.evaluate(() => (window as unknown as { __announced: string[] }).__announced.filter(Boolean));
    await sendMessage(page, frameId, 'How do I embed the widget?');

    // The model is thinking: the typing indicator is on screen.
    await w.locator('.typing').waitFor();
    // The indicator goes out before the model is called: wait for the one request, not assume it.
    await expect.poll(() => held !== null).toBe(true);
    expect(requests).toBe(1);
    held!.write(chunk({ content: 'Paste the loader ' }));
    held!.write(chunk({ content: 'script tag' }));

    // Mid-answer: the first words are on screen as a draft (no message id yet), nothing stored.
    const draft = w.locator('li.msg-assistant:not([data-id])', { hasText: 'Paste the loader' });
    await draft.filter({ hasText: 'Paste the loader script tag' }).waitFor();
    expect(await w.locator('li.msg-assistant[data-id]').count()).toBe(0);

    held!.write(chunk({ content: ' before </body>.' }));
    await draft.filter({ hasText: 'Paste the loader script tag before </body>.' }).waitFor();
    held!.write(chunk({}, 'stop'));
    held!.end('data: [DONE]\n\n');
    held = null;

    // Finished: one stored answer with the whole text, the draft gone, no typing indicator left.
    const answer = w.locator('li.msg-assistant[data-id]');
    await answer.filter({ hasText: 'Paste the loader script tag before </body>.' }).waitFor();
    await draft.waitFor({ state: 'detached' });
    expect(await answer.count()).toBe(1);
    expect(await w.locator('.typing').count()).toBe(0);
    // Streamed in three pieces, announced once and in full, never a partial draft.
    await expect.poll(async () => (await announced()).length).toBe(1);
    expect((await announced())[0]).toContain('Paste the loader script tag before');
    expect(await watch.violations()).toEqual([]);
    await context.close();
  });
});
