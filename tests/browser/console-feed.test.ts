// The console's team feed after a dropped connection (docs/operators.md "Team feed"): the status
// shows it, the console reconnects by itself, and what happened meanwhile appears — the hello
// resumes from the last seq it had, without a page reload.
import { describe, expect, it } from 'vitest';
import type { WebSocketServer } from 'ws';
import { watchPage } from './harness.js';
import { consoleHarness, holdResponses, seedConversation, signIn } from './console-harness.js';

const h = consoleHarness();

describe('team feed in the console', () => {
  // The detail and the feed race: a message the feed brings while the conversation is still on its
  // way (a slow network, a busy server) is shown; the detail, read before it, must not hide it.
  it('shows a message that arrived while the conversation was still loading', async () => {
    const c = await seedConversation(h, 'loading-visitor', 'First question');
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const frames: string[] = [];
    page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
    await signIn(page, h);
    // The conversation is read from the server at once but reaches the page only when released.
    const hold = await holdResponses(page, new RegExp(`/conversations/${c.id}$`));
    await page.goto(`${h.base}/app/p/${h.t.demo.project_id}/c/${c.id}`);
    await page.getByTestId('feed-status').filter({ hasText: 'Live' }).waitFor();
    await expect.poll(() => hold.held()).toBeGreaterThan(0);
    await h.t.app.ctx.services.conversations.append(h.t.demo.project_id, c.id, { role: 'user', content: 'Arrived while loading' });
    await expect.poll(() => frames.some((f) => f.includes('Arrived while loading'))).toBe(true);

    hold.release();
    const log = page.getByRole('log', { name: 'Messages' });
    await log.locator('li.msg-user', { hasText: 'First question' }).waitFor();
    await log.locator('li.msg-user', { hasText: 'Arrived while loading' }).waitFor({ timeout: 5_000 });
    expect(await log.locator('li.msg-user', { hasText: 'Arrived while loading' }).count()).toBe(1);
    await context.close();
  });

  it('reconnects after the socket drops and shows the messages it missed', async () => {
    const c = await seedConversation(h, 'feed-visitor', 'Is anyone there?');
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const watch = await watchPage(page);
    await signIn(page, h);
    await page.goto(`${h.base}/app/p/${h.t.demo.project_id}/c/${c.id}`);
    const status = page.getByTestId('feed-status');
    await status.filter({ hasText: 'Live' }).waitFor();
    const log = page.getByRole('log', { name: 'Messages' });
    await log.locator('li.msg-user', { hasText: 'Is anyone there?' }).waitFor();

    // The server drops every socket; a message arrives while the console is away.
    const sockets = (h.t.app as unknown as { websocketServer: WebSocketServer }).websocketServer;
    const closed = page.waitForEvent('websocket').then(() => undefined);
    for (const client of sockets.clients) client.terminate();
    await h.t.app.ctx.services.conversations.append(h.t.demo.project_id, c.id, { role: 'user', content: 'Hello? Still waiting.' });
    await closed; // the console opened a new socket by itself
    await status.filter({ hasText: 'Live' }).waitFor();
    await log.locator('li.msg-user', { hasText: 'Hello? Still waiting.' }).waitFor();
    expect(await log.locator('li.msg-user', { hasText: 'Hello? Still waiting.' }).count()).toBe(1);

    // And it is live again.
    await h.t.app.ctx.services.conversations.append(h.t.demo.project_id, c.id, { role: 'user', content: 'Third message' });
    await log.locator('li.msg-user', { hasText: 'Third message' }).waitFor();
    expect(await watch.violations()).toEqual([]);
    await context.close();
  });
});
