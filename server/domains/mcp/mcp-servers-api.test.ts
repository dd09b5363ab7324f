// External tool servers over the real app (spec 2.9; docs/behaviour.md "External tool servers
// (MCP)"): CRUD against a real Streamable HTTP server on 127.0.0.1 and server-everything over stdio,
// headers sealed at rest and shown by name only, per-tool settings, the URL and stdio rules, a server
// that cannot be reached, refresh, and stdio children stopped on delete and on shutdown.
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { alive, EVERYTHING_SERVER, startShopServer, type ShopServer } from './mcp-servers.fixture.js';

const waitGone = async (pid: number) => {
  for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 50));
  return !alive(pid);
};

describe('MCP servers API', () => {
  let t: TestApp;
  let shop: ShopServer;
  const H = () => ({ authorization: `Bearer ${t.demo.api_key}` });
  const url = (path = '') => `/v1/projects/${t.demo.project_id}/mcp-servers${path}`;
  const create = (payload: object) => t.app.inject({ method: 'POST', url: url(), headers: H(), payload });
  beforeAll(async () => {
    shop = await startShopServer();
    t = await createTestApp({ mcpStdioEnabled: true });
  });
  afterAll(async () => {
    await t.close();
    await shop.close();
  });

  it('adds a Streamable HTTP server, lists its tools, keeps header values secret and sets tools per tool', async () => {
    const res = await create({ name: 'Shop', transport: 'streamable_http', url: shop.url, headers: { Authorization: 'Bearer shop-secret-77aa' }, tools: { get_order: { exposed: true } } });
    expect(res.statusCode, res.body).toBe(201);
    const row = res.json();
    expect(row).toMatchObject({ name: 'Shop', slug: 'shop', status: 'ok', last_error: null, header_names: ['Authorization'], trusted: false });
    expect(res.body).not.toContain('shop-secret-77aa');
    expect(shop.headers.at(-1)!.authorization).toBe('Bearer shop-secret-77aa');
    const tools = Object.fromEntries(row.tools.map((x: { name: string }) => [x.name, x]));
    expect(tools.get_order).toMatchObject({ agent_name: 'mcp_shop_get_order', title: 'Look up an order', exposed: true, approval: null, effective_approval: 'always', annotations: { readOnlyHint: true } });
    expect(tools.get_order.input_schema).toMatchObject({ type: 'object', properties: { order_id: { type: 'string' } } });
    expect(tools.cancel_order).toMatchObject({ exposed: false, effective_approval: 'always', annotations: { destructiveHint: true } });
    expect(row.tools_refreshed_at).toEqual(expect.any(String));

    // Trusted: the read-only tool's default becomes `never`; the destructive one stays `always`.
    const trusted = (await t.app.inject({ method: 'PATCH', url: url(`/${row.id}`), headers: H(), payload: { trusted: true, tools: { cancel_order: { exposed: true, approval: 'always' } } } })).json();
    const byName = Object.fromEntries(trusted.tools.map((x: { name: string }) => [x.name, x]));
    expect(byName.get_order.effective_approval).toBe('never');
    expect(byName.cancel_order).toMatchObject({ exposed: true, approval: 'always', effective_approval: 'always' });

    const files = (await readdir(t.dataDir, { recursive: true, withFileTypes: true })).filter((d) => d.isFile());
    const disk = (await Promise.all(files.map((f) => readFile(join(f.parentPath, f.name), 'utf8')))).join('\n');
    expect(disk).toContain('get_order');
    expect(disk).not.toContain('shop-secret-77aa');

    // Two PATCHes at once (the console's Exposed, then its approval): both land. The lost update the
    // console met under load needs both reads before either write, which inject rarely interleaves.
    const patch = (tools: object) => t.app.inject({ method: 'PATCH', url: url(`/${row.id}`), headers: H(), payload: { tools } });
    const answers = await Promise.all([patch({ get_order: { exposed: true } }), patch({ cancel_order: { approval: 'never' } })]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const both = Object.fromEntries((await t.app.inject({ method: 'GET', url: url(`/${row.id}`), headers: H() })).json().tools.map((x: { name: string }) => [x.name, x]));
    expect(both.get_order.exposed).toBe(true);
    expect(both.cancel_order).toMatchObject({ exposed: true, approval: 'never' });

    const unknown = await t.app.inject({ method: 'PATCH', url: url(`/${row.id}`), headers: H(), payload: { tools: { drop_tables: { exposed: true } } } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe('unknown_mcp_tool');
    expect((await create({ name: 'Shop', transport: 'streamable_http', url: shop.url })).statusCode).toBe(409);

    // Enabled per profile; an unknown id is refused.
    const prof = await t.app.inject({ method: 'PATCH', url: `/v1/projects/${t.demo.project_id}/profiles/default`, headers: H(), payload: { mcp_server_ids: [row.id] } });
    expect(prof.statusCode, prof.body).toBe(200);
    expect(prof.json().mcp_server_ids).toEqual([row.id]);
    const bad = await t.app.inject({ method: 'PATCH', url: `/v1/projects/${t.demo.project_id}/profiles/default`, headers: H(), payload: { mcp_server_ids: ['nope'] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('unknown_mcp_server');

    expect((await t.app.inject({ method: 'DELETE', url: url(`/${row.id}`), headers: H() })).statusCode).toBe(204);
    const after = (await t.app.inject({ method: 'GET', url: `/v1/projects/${t.demo.project_id}/profiles/default`, headers: H() })).json();
    expect(after.mcp_server_ids).toEqual([]);
  });

  it('records a server that cannot be reached, and refresh answers 424 mcp_unavailable until it is back', async () => {
    const other = await startShopServer();
    const stopped = other.url;
    await other.close();
    const res = await create({ name: 'Gone', transport: 'streamable_http', url: stopped });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'error', tools: [] });
    expect(res.json().last_error).toMatch(/could not connect/);
    const refresh = await t.app.inject({ method: 'POST', url: url(`/${res.json().id}/refresh`), headers: H() });
    expect(refresh.statusCode).toBe(424);
    expect(refresh.json().error).toBe('mcp_unavailable');
    // Pointed at a live server, it recovers.
    const fixed = await t.app.inject({ method: 'PATCH', url: url(`/${res.json().id}`), headers: H(), payload: { url: shop.url } });
    expect(fixed.json()).toMatchObject({ status: 'ok', last_error: null });
    expect((await t.app.inject({ method: 'POST', url: url(`/${res.json().id}/refresh`), headers: H() })).statusCode).toBe(200);
  });

  it('refuses transports that do not fit, with stable codes', async () => {
    expect((await create({ name: 'A', transport: 'streamable_http' })).json().error).toBe('invalid_request');
    expect((await create({ name: 'B', transport: 'stdio', url: shop.url })).json().error).toBe('invalid_request');
    expect((await create({ name: 'C', transport: 'streamable_http', url: 'ftp://example.com/mcp' })).json().error).toBe('blocked_url');
    const reader = await t.app.inject({ method: 'POST', url: url(), headers: { authorization: `Bearer ${t.demo.api_key}` }, payload: { name: 'D', transport: 'streamable_http', url: 'https://user:pw@example.com/mcp' } });
    expect(reader.json().error).toBe('blocked_url');
  });

  it('runs server-everything over stdio, and stops its process when the row is deleted and on shutdown', async () => {
    const res = await create({ name: 'Everything', transport: 'stdio', command: process.execPath, args: [EVERYTHING_SERVER, 'stdio'], env: { EVERYTHING_TOKEN: 'env-secret-55' } });
    expect(res.statusCode, res.body).toBe(201);
    const row = res.json();
    expect(row).toMatchObject({ status: 'ok', transport: 'stdio', env_names: ['EVERYTHING_TOKEN'], url: null });
    expect(res.body).not.toContain('env-secret-55');
    expect(row.tools.map((x: { name: string }) => x.name)).toEqual(expect.arrayContaining(['echo', 'get-sum']));
    expect(row.tools.find((x: { name: string }) => x.name === 'get-sum').agent_name).toBe('mcp_everything_get-sum');

    const pid = t.app.ctx.services.mcp.pidOf(row.id);
    expect(pid).toEqual(expect.any(Number));
    expect(alive(pid!)).toBe(true);
    expect((await t.app.inject({ method: 'DELETE', url: url(`/${row.id}`), headers: H() })).statusCode).toBe(204);
    expect(await waitGone(pid!)).toBe(true);

    // On shutdown too.
    const second = (await create({ name: 'Everything two', slug: 'ev2', transport: 'stdio', command: process.execPath, args: [EVERYTHING_SERVER] })).json();
    const pid2 = t.app.ctx.services.mcp.pidOf(second.id)!;
    expect(alive(pid2)).toBe(true);
    await t.close();
    expect(await waitGone(pid2)).toBe(true);
  });
});

describe('MCP servers without the operator switches', () => {
  it('refuses stdio (403 stdio_disabled) and IP-literal or localhost URLs (400 blocked_url) by default', async () => {
    const t = await createTestApp({ allowPrivateFetch: false });
    try {
      const H = { authorization: `Bearer ${t.demo.api_key}` };
      const post = (payload: object) => t.app.inject({ method: 'POST', url: `/v1/projects/${t.demo.project_id}/mcp-servers`, headers: H, payload });
      const stdio = await post({ name: 'S', transport: 'stdio', command: process.execPath, args: [EVERYTHING_SERVER] });
      expect(stdio.statusCode).toBe(403);
      expect(stdio.json().error).toBe('stdio_disabled');
      // Every spelling of this machine: a trailing dot is the same name to DNS.
      const loopbackNames = ['http://localhost.:9/mcp', 'http://LOCALHOST:9/mcp', 'http://localhost.localdomain/mcp', 'http://api.localhost./mcp', 'http://ip6-localhost/mcp', 'http://127.0.0.1./mcp'];
      for (const u of ['http://127.0.0.1:9/mcp', 'http://localhost:9/mcp', 'http://[::1]:9/mcp', 'http://10.0.0.5/mcp', 'http://api.localhost/mcp', ...loopbackNames]) {
        const r = await post({ name: 'U', transport: 'streamable_http', url: u });
        expect(r.statusCode, u).toBe(400);
        expect(r.json().error).toBe('blocked_url');
      }
    } finally {
      await t.close();
    }
  });
});
