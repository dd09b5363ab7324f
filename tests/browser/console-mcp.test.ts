// External tool servers (MCP) in the console, in real Chromium (spec 2.9; docs/behaviour.md
// "External tool servers (MCP)"), against a real MCP server (the SDK's McpServer over Streamable
// HTTP on 127.0.0.1, the server tests' shop fixture) and a scripted OpenAI-compatible model on 127.0.0.1:
// - Actions page: a server added with an Authorization header lists its tools (the header reaches
//   the server, its value never shows), a tool exposed with approval "always", the server enabled on
//   the profile, Refresh tools, a stdio server and a second "Shop" refused at their fields, an
//   unreachable server added with its error, and deleted.
// - Conversation: a reply that calls the exposed tool waits for approval; the open page's log shows
//   it live (team feed): the tool, its arguments and "Waiting for approval"; the operator approves,
//   the tool runs (result summary, duration, approved by whom) and the reply continues with its
//   result. A second call is denied and never runs.
// No CSP violation; axe-clean and nothing overflowing at 1280 and 390 px, with screenshots.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { watchPage } from './harness.js';
import { apiCall, consoleHarness, holdResponses, itPassesAxeAndFits, seedConversation, shot, signIn, navTo } from './console-harness.js';
import { startShopServer } from '../../server/domains/mcp/mcp-servers.fixture.js';

const chunk = (delta: object, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 0, model: 'mcp', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

/** The model: "cancel order X" calls the offered `…_cancel_order` tool; a tool result is answered with it. */
function scriptedModel(): Server {
  return createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as { messages?: { role: string; content?: string | null }[]; tools?: { function: { name: string } }[] };
      const messages = body.messages ?? [];
      const last = messages.at(-1);
      const question = String(messages.findLast((m) => m.role === 'user')?.content ?? '');
      const cancel = body.tools?.map((t) => t.function.name).find((n) => n.endsWith('_cancel_order'));
      const order = /cancel order (\S+)/i.exec(question)?.[1];
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write(chunk({ role: 'assistant', content: '' }));
      if (last?.role === 'tool') {
        res.write(chunk({ content: `Done. ${String(last.content)}` }));
      } else if (cancel && order) {
        res.write(chunk({ tool_calls: [{ index: 0, id: `call_${order}`, type: 'function', function: { name: cancel, arguments: JSON.stringify({ order_id: order }) } }] }));
        res.write(chunk({}, 'tool_calls'));
        return void res.end('data: [DONE]\n\n');
      } else {
        res.write(chunk({ content: 'How can I help?' }));
      }
      res.write(chunk({}, 'stop'));
      res.end('data: [DONE]\n\n');
    });
  });
}

const model = scriptedModel();
await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));
const shop = await startShopServer();
const h = consoleHarness({ llm: { baseUrl: `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`, apiKey: 'k', model: 'mcp', timeoutMs: 30_000 } });
afterAll(async () => {
  await shop.close();
  model.closeAllConnections();
  await new Promise((resolve) => model.close(resolve));
});

interface Server_ {
  id: string;
  name: string;
  status: string;
  header_names: string[];
  tools: { name: string; exposed: boolean; approval: string | null }[];
}
const servers = async () => (await apiCall<{ data: Server_[] }>(h, 'GET', '/mcp-servers')).data;
const defaultProfile = () => apiCall<{ mcp_server_ids: string[] }>(h, 'GET', '/profiles/default');

async function openActions(page: Page) {
  await signIn(page, h);
  await navTo(page, 'Actions');
  await page.getByRole('heading', { name: 'External tool servers (MCP)', level: 2 }).waitFor();
}

/** A server exposing cancel_order with approval "always", enabled on the default profile (set up over the API). */
async function ordersServer(): Promise<string> {
  const existing = (await servers()).find((s) => s.name === 'Orders');
  const server =
    existing ??
    (await apiCall<Server_>(h, 'POST', '/mcp-servers', { name: 'Orders', transport: 'streamable_http', url: shop.url, tools: { cancel_order: { exposed: true, approval: 'always' } } }));
  const ids = (await defaultProfile()).mcp_server_ids;
  if (!ids.includes(server.id)) await apiCall(h, 'PATCH', '/profiles/default', { mcp_server_ids: [...ids, server.id] });
  return server.id;
}

/**
 * A conversation open in the console whose reply then waits for the approval of a cancel_order call:
 * the call reaches the open page through the team feed (no reload).
 */
async function openPendingCall(page: Page, order: string, signedIn = false) {
  await ordersServer();
  const conversation = await seedConversation(h, `visitor-${order}`, `Please cancel order ${order}`);
  if (!signedIn) await signIn(page, h);
  await page.goto(`${h.base}/app/p/${h.t.demo.project_id}/c/${conversation.id}`);
  await page.getByRole('log', { name: 'Messages' }).getByText(`Please cancel order ${order}`).waitFor();
  await page.getByTestId('feed-status').filter({ hasText: 'Live' }).waitFor();
  expect(await page.getByRole('heading', { name: 'Tool calls' }).count()).toBe(0);
  // An API conversation is answered on request; this reply pauses at the call (409, awaiting_approval).
  const generated = await h.t.app.inject({ method: 'POST', url: `/v1/projects/${h.t.demo.project_id}/conversations/${conversation.id}/generate`, headers: { authorization: `Bearer ${h.t.demo.api_key}` } });
  expect(generated.json()).toMatchObject({ reason: 'awaiting_approval' });
  // On a phone the conversation's details (tool calls among them) are one pane behind "Details".
  const details = page.getByRole('button', { name: 'Details', exact: true });
  if (await details.isVisible()) await details.click();
  await page.getByRole('heading', { name: 'Tool calls' }).waitFor();
  return conversation.id;
}

describe('team console: external tool servers (MCP)', () => {
  it('adds a server with a header, exposes a tool with approval, enables it, refreshes; refuses stdio and a taken name at their fields; shows an unreachable one and deletes it', async () => {
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const watch = await watchPage(page);
    await openActions(page);

    await page.getByRole('button', { name: 'Add server' }).click();
    await page.locator('#mcp-name').fill('Shop');
    await page.locator('#mcp-url').fill(shop.url);
    await page.getByRole('button', { name: 'Add header' }).click();
    await page.getByLabel('Header name 1').fill('Authorization');
    await page.getByLabel('Value 1').fill('Bearer shop-secret-42');
    await page.getByRole('button', { name: 'Save and list tools' }).click();
    await page.getByText('Added Shop with 5 tools.').waitFor();
    expect(shop.headers.map((x) => x.authorization)).toContain('Bearer shop-secret-42');
    expect(await page.content()).not.toContain('shop-secret-42');

    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Shop', level: 3 }) });
    await card.getByText('Connected').waitFor();
    await card.getByText('headers: Authorization').waitFor();
    await card.getByText('mcp_shop_get_order').waitFor();
    await card.getByText('mcp_shop_cancel_order').waitFor();
    expect(await card.getByRole('switch', { name: 'Expose cancel_order' }).isChecked()).toBe(false);

    // The team's choices per tool reach the server row.
    await card.getByRole('switch', { name: 'Expose cancel_order' }).check();
    await card.getByLabel('Approval for cancel_order').selectOption('always');
    await expect.poll(async () => (await servers()).find((s) => s.name === 'Shop')?.tools.find((t) => t.name === 'cancel_order')).toMatchObject({ exposed: true, approval: 'always' });

    // Enabled on the chosen profile (its mcp_server_ids).
    const shopId = (await servers()).find((s) => s.name === 'Shop')!.id;
    await card.getByRole('switch', { name: 'Shop on Default' }).check();
    await expect.poll(async () => (await defaultProfile()).mcp_server_ids).toContain(shopId);

    await card.getByRole('button', { name: 'Refresh tools of Shop' }).click();
    await page.getByText('Shop: 5 tools listed.').waitFor();

    // stdio runs a program on the server: refused (403) unless its operator enabled it, said at the field.
    await page.getByRole('button', { name: 'Add server' }).click();
    await page.locator('#mcp-name').fill('Local');
    await page.locator('#mcp-transport').selectOption('stdio');
    await page.locator('#mcp-command').fill('/usr/bin/true');
    await page.getByRole('button', { name: 'Save and list tools' }).click();
    await expect.poll(() => page.locator('#mcp-transport-error').textContent()).toContain('MCP_STDIO_ENABLED=true');
    // A second "Shop" would take the first one's slug (the prefix of its tool names): said at the name.
    await page.locator('#mcp-transport').selectOption('streamable_http');
    await page.locator('#mcp-name').fill('Shop');
    await page.locator('#mcp-url').fill(shop.url);
    await page.getByRole('button', { name: 'Save and list tools' }).click();
    await expect.poll(() => page.locator('#mcp-name-error').textContent()).toContain('already exists');
    await page.getByRole('button', { name: 'Cancel' }).click();

    // A server that cannot be reached is kept, with its error, and can be deleted.
    await page.getByRole('button', { name: 'Add server' }).click();
    await page.locator('#mcp-name').fill('Gone');
    await page.locator('#mcp-url').fill('http://127.0.0.1:9/mcp');
    await page.getByRole('button', { name: 'Save and list tools' }).click();
    await page.getByText(/^Added Gone, but it could not be reached/).waitFor();
    const gone = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Gone', level: 3 }) });
    await gone.getByText('Error', { exact: true }).waitFor();
    await gone.getByText(/^Last error: /).waitFor();
    await gone.getByRole('button', { name: 'Delete Gone' }).click();
    await page.getByRole('dialog', { name: 'Delete tool server Gone?' }).getByRole('button', { name: 'Delete server' }).click();
    await expect.poll(async () => (await servers()).map((s) => s.name)).toEqual(['Shop']);
    expect(await watch.violations()).toEqual([]);
    await context.close();
  }, 60_000);

  it('logs a call waiting for approval; the operator approves one and denies another', async () => {
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const watch = await watchPage(page);
    await openPendingCall(page, 'A-1');

    const log = page.getByRole('region', { name: 'Tool calls' });
    const call = log.getByRole('listitem').filter({ hasText: 'A-1' });
    await call.getByText('Waiting for approval').waitFor();
    expect(await call.locator('pre').textContent()).toContain('"order_id": "A-1"');
    expect(await call.getByText(/^mcp_(shop|orders)_cancel_order$/).count()).toBe(1);
    const cancelled = () => shop.calls.filter((c) => c.tool === 'cancel_order').map((c) => c.args.order_id);
    expect(cancelled()).not.toContain('A-1');

    await call.getByRole('button', { name: 'Approve Cancel an order' }).click();
    await call.getByText('Approved by Demo Owner').waitFor();
    await call.getByText('Order A-1 cancelled').waitFor();
    expect(await call.textContent()).toMatch(/Ran in \d+ ms/);
    expect(cancelled()).toContain('A-1');
    expect(await call.getByRole('button', { name: 'Approve Cancel an order' }).count()).toBe(0);
    // The reply continues with the result.
    await page.getByRole('log', { name: 'Messages' }).locator('li.msg-assistant', { hasText: 'Done. Order A-1 cancelled' }).waitFor();
    await shot(page, 'conversation-tool-call-approved');

    // Another conversation's call, denied: it never runs.
    await openPendingCall(page, 'B-2', true);
    const denied = page.getByRole('region', { name: 'Tool calls' }).getByRole('listitem').filter({ hasText: 'B-2' });
    await denied.getByRole('button', { name: 'Deny Cancel an order' }).click();
    await denied.getByText('Denied by Demo Owner').waitFor();
    await denied.getByText('Not run').waitFor();
    expect(cancelled()).not.toContain('B-2');
    expect(await watch.violations()).toEqual([]);
    await context.close();
  }, 90_000);

  // The log's list and the feed race: a call the feed brings while the list is still on its way (a
  // slow network, a busy server) stays; the list, read before the call existed, must not hide it.
  it('keeps a call the feed brought while the log was still loading', async () => {
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await ordersServer();
    const conversation = await seedConversation(h, 'visitor-D-4', 'Please cancel order D-4');
    await signIn(page, h);
    // The log's list is read from the server at once but reaches the page only when released. The page
    // counts the lists it has read, so the test knows when the console has handled the late one.
    const hold = await holdResponses(page, /\/tool-calls$/);
    await page.addInitScript(() => {
      const w = window as unknown as { toolCallListsRead: number };
      w.toolCallListsRead = 0;
      const json = Response.prototype.json;
      Response.prototype.json = function (this: Response) {
        const read = json.call(this);
        // Runs before the console's own continuation, in the same task: a later task sees both done.
        if (new URL(this.url).pathname.endsWith('/tool-calls')) void read.then(() => w.toolCallListsRead++, () => {});
        return read;
      };
    });
    await page.goto(`${h.base}/app/p/${h.t.demo.project_id}/c/${conversation.id}`);
    await page.getByTestId('feed-status').filter({ hasText: 'Live' }).waitFor();
    await expect.poll(() => hold.held()).toBeGreaterThan(0);
    const generated = await h.t.app.inject({ method: 'POST', url: `/v1/projects/${h.t.demo.project_id}/conversations/${conversation.id}/generate`, headers: { authorization: `Bearer ${h.t.demo.api_key}` } });
    expect(generated.json()).toMatchObject({ reason: 'awaiting_approval' });
    const call = page.getByRole('region', { name: 'Tool calls' }).getByRole('listitem').filter({ hasText: 'D-4' });
    await call.getByText('Waiting for approval').waitFor();

    hold.release();
    await page.waitForFunction(() => (window as unknown as { toolCallListsRead: number }).toolCallListsRead > 0);
    expect(await call.getByText('Waiting for approval').count()).toBe(1);
    await context.close();
  }, 60_000);

  itPassesAxeAndFits(
    h,
    'actions-mcp',
    async (page) => {
      await ordersServer();
      await openActions(page);
      await page.getByRole('heading', { name: 'Orders', level: 3 }).waitFor();
      await page.getByRole('button', { name: 'Add server' }).click();
    },
    30_000,
  );

  itPassesAxeAndFits(
    h,
    'conversation-tool-calls',
    async (page) => {
      await openPendingCall(page, `C-${Date.now() % 100000}`);
      await page.getByRole('button', { name: 'Approve Cancel an order' }).waitFor();
    },
    30_000,
  );
});
