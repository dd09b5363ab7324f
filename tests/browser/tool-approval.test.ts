// External tool calls waiting for the visitor's approval in real Chromium (spec 2.9 "External tool
// servers"; docs/behaviour.md): the model (a scripted OpenAI-compatible server) asks to cancel an
// order through a real Streamable HTTP MCP server; the widget shows a card that says what will
// happen with which values; the card survives a reload; "Allow" runs the call and the reply
// continues, "Don't allow" runs nothing and the model is told. Axe-clean; screenshots at desktop
// width and at 390 px in dist/screenshots/widget for a person to look at.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, sendMessage, watchPage, widget, type Harness } from './harness.js';
import { axeViolations } from './axe.js';
import { startScriptedLlm, type ScriptedLlm } from '../../server/domains/agent/openai/scripted-llm.fixture.js';
import { startShopServer, type ShopServer } from '../../server/domains/mcp/mcp-servers.fixture.js';

const SHOTS = join(import.meta.dirname, '../../dist/screenshots/widget');

let h: Harness;
let llm: ScriptedLlm;
let shop: ShopServer;

/** A model that reads its prompt: a cancel request calls the tool; the tool's answer is put in words. */
function model(body: { messages: { role: string; content: string | null }[] }) {
  const last = body.messages.at(-1)!;
  if (last.role === 'tool') {
    return { text: [last.content?.startsWith('The user declined') ? 'Alright, I left your order as it is.' : `Done: ${last.content}.`] };
  }
  const order = /order ([A-Z]-\d+)/.exec(String(last.content))?.[1];
  return order
    ? { text: ['I can cancel that for you. '], toolCalls: [{ id: `call-${order}`, name: 'mcp_shop_cancel_order', args: [JSON.stringify({ order_id: order, reason: 'customer request' })] }] }
    : { text: ['How can I help?'] };
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  shop = await startShopServer();
  llm = await startScriptedLlm([], model);
  h = await startHarness({ llm: { baseUrl: llm.baseUrl, apiKey: 'k', model: 'm', timeoutMs: 10_000 } });
  const api = (method: 'POST' | 'PATCH', path: string, payload: object) =>
    h.t.app.inject({ method, url: `/v1/projects/${h.t.demo.project_id}${path}`, headers: { authorization: `Bearer ${h.t.demo.api_key}` }, payload });
  const server = await api('POST', '/mcp-servers', { name: 'Shop', transport: 'streamable_http', url: shop.url, tools: { cancel_order: { exposed: true } } });
  expect(server.statusCode, server.body).toBe(201);
  expect((await api('PATCH', '/profiles/default', { mcp_server_ids: [server.json().id] })).statusCode).toBe(200);
});
afterAll(async () => {
  await h?.close();
  await llm?.close();
  await shop?.close();
});

async function visitor(width: number) {
  const context = await h.browser.newContext({ locale: 'en-US', bypassCSP: true, viewport: { width, height: 800 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const watch = await watchPage(page, /\/examples\/example\.css/);
  await page.goto(`${h.site}/examples/launcher.html`);
  const w = widget(page, h.frameIds[0]);
  await w.locator('button.launcher').click();
  await w.locator('section.panel').waitFor();
  return { context, page, w, watch };
}

describe('approving external tool calls in the widget (spec 2.9)', () => {
  it('shows what will happen, keeps the card across a reload, and "Allow" runs the call', async () => {
    const v = await visitor(1280);
    await sendMessage(v.page, h.frameIds[0], 'Please cancel order A-900');
    const card = v.w.getByRole('group', { name: 'Allow this action?' });
    await card.waitFor();
    await card.getByText('The assistant wants to use “Cancel an order” with these values. Nothing happens unless you allow it.').waitFor();
    await expect.poll(() => card.locator('dt').allTextContents()).toEqual(['order_id', 'reason']);
    await expect.poll(() => card.locator('dd').allTextContents()).toEqual(['A-900', 'customer request']);
    expect(shop.calls.some((c) => c.args.order_id === 'A-900')).toBe(false);
    expect(await axeViolations(v.page)).toEqual([]);
    await v.page.screenshot({ path: join(SHOTS, 'tool-approval-desktop.png') });

    // A reload brings the waiting call back from the server.
    await v.page.reload();
    await v.w.locator('button.launcher').click();
    await card.waitFor();
    await card.getByRole('button', { name: 'Allow', exact: true }).click();
    await v.w.locator('li.msg-assistant[data-id]', { hasText: 'Done: Order A-900 cancelled.' }).waitFor();
    expect(await card.count()).toBe(0);
    expect(shop.calls.at(-1)).toEqual({ tool: 'cancel_order', args: { order_id: 'A-900', reason: 'customer request' } });
    expect(await v.watch.violations()).toEqual([]);
    await v.context.close();
  });

  it('"Don\'t allow" runs nothing, tells the model, and fits a 390 px screen', async () => {
    const v = await visitor(390);
    const before = shop.calls.length;
    await sendMessage(v.page, h.frameIds[0], 'Cancel order B-901 please');
    const card = v.w.getByRole('group', { name: 'Allow this action?' });
    await card.waitFor();
    const overflow = await v.w.locator('section.panel').evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await v.page.screenshot({ path: join(SHOTS, 'tool-approval-390.png') });
    await card.getByRole('button', { name: 'Don’t allow' }).click();
    await v.w.locator('li.msg-assistant[data-id]', { hasText: 'Alright, I left your order as it is.' }).waitFor();
    expect(await card.count()).toBe(0);
    expect(shop.calls.length).toBe(before);
    const conversation = (await h.t.app.ctx.services.conversations.list(h.t.demo.project_id)).find((c) => c.messages.some((m) => m.content === 'Cancel order B-901 please'))!;
    const log = (await h.t.app.inject({ method: 'GET', url: `/v1/projects/${h.t.demo.project_id}/conversations/${conversation.id}/tool-calls`, headers: { authorization: `Bearer ${h.t.demo.api_key}` } })).json().data;
    expect(log[0]).toMatchObject({ approval: 'denied', status: 'not_run', answered_by: { kind: 'visitor' } });
    expect(await axeViolations(v.page)).toEqual([]);
    await v.context.close();
  });
});
