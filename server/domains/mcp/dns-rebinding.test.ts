// DNS rebinding against a Streamable HTTP tool server (docs/behaviour.md "External tool servers
// (MCP)"). The resolver is the injected edge: it answers a public address to the
// first question and 127.0.0.1 to the next ones, as a hostile name server can. The pool checks the
// name before connecting and again inside the connection's own lookup, so the real MCP server on
// 127.0.0.1 never receives a request.
import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Resolver } from '../../lib/safe-fetch.js';
import { createMcpPool, McpFailure, type ServerSpec } from './connections.js';
import { startShopServer, type ShopServer } from './mcp-servers.fixture.js';

/** Answers `answers[i]` to the i-th question (the last one from then on) and records the names asked. */
function scriptedResolver(answers: string[]): Resolver & { asked: string[] } {
  const asked: string[] = [];
  const resolve = async (hostname: string): Promise<LookupAddress[]> => {
    const address = answers[Math.min(asked.length, answers.length - 1)];
    asked.push(hostname);
    return [{ address, family: 4 }];
  };
  return Object.assign(resolve, { asked });
}

let shop: ShopServer;
let port: string;
beforeAll(async () => {
  shop = await startShopServer();
  port = new URL(shop.url).port;
});
afterAll(() => shop.close());

const spec = (id: string): ServerSpec => ({ id, key: '1', transport: 'streamable_http', url: `http://tools.example.com:${port}/mcp`, headers: {}, command: null, args: [], env: {} });

describe('MCP connections and DNS rebinding', () => {
  it('never reaches the loopback when the name answers public to the check and 127.0.0.1 to the connection', async () => {
    const resolve = scriptedResolver(['93.184.216.34', '127.0.0.1']);
    const pool = createMcpPool({ allowPrivate: false, stdioEnabled: false, resolve });
    try {
      const failure = await pool.listTools(spec('rebind')).then(
        () => null,
        (err: unknown) => err,
      );
      expect(failure).toBeInstanceOf(McpFailure);
      expect((failure as Error).message).toMatch(/tools\.example\.com resolves to the private or reserved address 127\.0\.0\.1/);
      // The check before connecting saw the public address; the connection asked again and was refused.
      expect(resolve.asked.length).toBeGreaterThanOrEqual(2);
      expect(shop.headers).toEqual([]);
    } finally {
      await pool.closeAll();
    }
  });

  it('connects through the same resolver when the address is allowed', async () => {
    const resolve = scriptedResolver(['127.0.0.1']);
    const pool = createMcpPool({ allowPrivate: true, stdioEnabled: false, resolve });
    try {
      expect((await pool.callTool(spec('allowed'), 'get_order', { order_id: 'A-1' })).text).toBe('Order A-1: shipped on 2026-11-20');
      expect(resolve.asked).toContain('tools.example.com');
      expect(shop.headers.length).toBeGreaterThan(0);
    } finally {
      await pool.closeAll();
    }
  });
});
