// The connection pool against real servers (docs/behaviour.md "External tool servers (MCP)"): one
// connection per server reused across calls, closed when idle; a server that accepts the connection
// but never answers fails within the connect timeout; a program that cannot start fails with the
// reason; nothing of it throws past the pool.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMcpPool, McpFailure, type ServerSpec } from './connections.js';
import { agentToolName, callSummary, slugOf } from './names.js';
import { alive, EVERYTHING_SERVER, startShopServer } from './mcp-servers.fixture.js';

const stdio = (id: string, args = [EVERYTHING_SERVER, 'stdio']): ServerSpec => ({ id, key: '1', transport: 'stdio', url: null, headers: {}, command: process.execPath, args, env: {} });

let silent: Server;
let silentUrl: string;
beforeAll(async () => {
  // Accepts every request and never answers.
  silent = createServer(() => {});
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/mcp`;
});
afterAll(async () => {
  silent.closeAllConnections();
  await new Promise((r) => silent.close(r));
});

describe('MCP connection pool', () => {
  it('reuses one stdio connection per server and closes it when idle', async () => {
    const pool = createMcpPool({ allowPrivate: true, stdioEnabled: true, idleMs: 300 });
    try {
      const spec = stdio('reuse');
      expect((await pool.callTool(spec, 'echo', { message: 'one' })).text).toBe('Echo: one');
      const pid = pool.pidOf('reuse')!;
      expect((await pool.callTool(spec, 'get-sum', { a: 2, b: 3 })).text).toContain('5');
      expect(pool.pidOf('reuse')).toBe(pid);
      await expect.poll(() => alive(pid), { timeout: 8000 }).toBe(false);
      expect(pool.pidOf('reuse')).toBeNull();
      // The next call starts it again.
      expect((await pool.callTool(spec, 'echo', { message: 'two' })).text).toBe('Echo: two');
    } finally {
      await pool.closeAll();
    }
  });

  it('gives up on a server that never answers within the connect timeout', async () => {
    const pool = createMcpPool({ allowPrivate: true, stdioEnabled: true, connectTimeoutMs: 400 });
    const spec: ServerSpec = { id: 'silent', key: '1', transport: 'streamable_http', url: silentUrl, headers: {}, command: null, args: [], env: {} };
    // The connect timeout is what ends it, with the value given (not how long it took: a speed
    // figure, not a test's business).
    const timeouts = vi.spyOn(AbortSignal, 'timeout');
    try {
      const failure = await pool.listTools(spec).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(McpFailure);
      expect((failure as McpFailure).message).toMatch(/^could not connect: .*(timeout|timed out)/i);
      expect(timeouts).toHaveBeenCalledWith(400);
    } finally {
      timeouts.mockRestore();
    }
    await pool.closeAll();
  });

  it('gives up on a call that does not answer within the call timeout; the connection serves the next call', async () => {
    const shop = await startShopServer();
    const pool = createMcpPool({ allowPrivate: true, stdioEnabled: false, callTimeoutMs: 400 });
    try {
      const spec: ServerSpec = { id: 'hang', key: '1', transport: 'streamable_http', url: shop.url, headers: {}, command: null, args: [], env: {} };
      await expect(pool.callTool(spec, 'hang', {})).rejects.toThrow(/timed out/i);
      expect(await pool.callTool(spec, 'get_order', { order_id: 'A-1' })).toEqual({ ok: true, text: 'Order A-1: shipped on 2026-11-20' });
    } finally {
      await pool.closeAll();
      await shop.close();
    }
  });

  it('reports a program that cannot start, and refuses stdio when it is disabled', async () => {
    const pool = createMcpPool({ allowPrivate: true, stdioEnabled: true });
    await expect(pool.listTools({ ...stdio('missing'), command: '/nonexistent/mcp-server' })).rejects.toThrow(/could not connect: .*ENOENT/);
    const off = createMcpPool({ allowPrivate: true, stdioEnabled: false });
    await expect(off.listTools(stdio('off'))).rejects.toThrow(/MCP_STDIO_ENABLED/);
    await pool.closeAll();
    await off.closeAll();
  });

  it('refuses a host name that resolves to a private address when private fetches are off', async () => {
    const pool = createMcpPool({ allowPrivate: false, stdioEnabled: false });
    const spec: ServerSpec = { id: 'dns', key: '1', transport: 'streamable_http', url: 'http://localhost:9/mcp', headers: {}, command: null, args: [], env: {} };
    await expect(pool.listTools(spec)).rejects.toThrow(/private or reserved address/);
    await pool.closeAll();
  });
});

describe('names', () => {
  it('namespaces tools within 64 characters of [a-zA-Z0-9_-]', () => {
    expect(slugOf('My Shop 2!')).toBe('myshop2');
    expect(slugOf('42')).toBe('server');
    expect(agentToolName('shop', 'get_order')).toBe('mcp_shop_get_order');
    const long = agentToolName('averylongslug123', 'x'.repeat(80));
    expect(long).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    expect(long).not.toBe(agentToolName('averylongslug123', `${'x'.repeat(79)}y`));
    expect(agentToolName('shop', 'get.order')).toMatch(/^mcp_shop_get_order_[0-9a-f]{8}$/);
    expect(callSummary('Cancel an order', { order_id: 'A-1', qty: 2 })).toBe('will call Cancel an order with order_id "A-1", qty 2');
    expect(callSummary('Ping', {})).toBe('will call Ping (no values)');
  });
});
