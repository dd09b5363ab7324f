// Real MCP servers for tests (docs/architecture.md section 9: fakes only at the edges): a Streamable
// HTTP server on 127.0.0.1 built with the SDK's McpServer and StreamableHTTPServerTransport (one
// stateless transport per request), the paths of a stdio server that can die mid-call, and of
// @modelcontextprotocol/server-everything run with node from node_modules (nothing is downloaded).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

const here = dirname(fileURLToPath(import.meta.url));
/** A stdio server with `echo` and `die` (exits mid-call), run by tsx-free node. */
export const DYING_STDIO_SERVER = join(here, 'stdio-server.fixture.mjs');
/** The everything server's stdio entry point. */
export const EVERYTHING_SERVER = join(dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/package.json')), 'dist', 'index.js');

/** Whether a process (a stdio server's child) still runs: signal 0 checks without touching it. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export interface ShopServer {
  url: string;
  /** Calls the tools received, in order. */
  calls: { tool: string; args: Record<string, unknown> }[];
  /** Requests (any method) and the headers each carried. */
  headers: Record<string, string | string[] | undefined>[];
  close(): Promise<void>;
}

function shop(calls: ShopServer['calls']): McpServer {
  const server = new McpServer({ name: 'shop', version: '1.0.0' });
  server.registerTool(
    'get_order',
    { title: 'Look up an order', description: 'The status of an order', inputSchema: { order_id: z.string() }, annotations: { readOnlyHint: true } },
    async ({ order_id }) => {
      calls.push({ tool: 'get_order', args: { order_id } });
      return { content: [{ type: 'text', text: `Order ${order_id}: shipped on 2026-11-20` }] };
    },
  );
  server.registerTool(
    'cancel_order',
    { title: 'Cancel an order', description: 'Cancels an order', inputSchema: { order_id: z.string(), reason: z.string().optional() }, annotations: { destructiveHint: true } },
    async (args) => {
      calls.push({ tool: 'cancel_order', args });
      return { content: [{ type: 'text', text: `Order ${args.order_id} cancelled` }] };
    },
  );
  server.registerTool('broken', { description: 'Always fails', inputSchema: {} }, async () => {
    calls.push({ tool: 'broken', args: {} });
    return { isError: true, content: [{ type: 'text', text: 'database is down' }] };
  });
  server.registerTool('hang', { description: 'Never answers (timeouts)', inputSchema: {} }, () => new Promise<never>(() => {}));
  server.registerTool('trivial', { description: 'Answers ok (benchmarks)', inputSchema: {} }, async () => ({ content: [{ type: 'text', text: 'ok' }] }));
  return server;
}

export async function startShopServer(): Promise<ShopServer> {
  const calls: ShopServer['calls'] = [];
  const headers: ShopServer['headers'] = [];
  const http: Server = createServer(async (req, res) => {
    headers.push(req.headers);
    let raw = '';
    for await (const chunk of req) raw += chunk;
    // Stateless: a fresh server and transport per request, as the SDK's stateless example does.
    const server = shop(calls);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, raw ? JSON.parse(raw) : undefined);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`,
    calls,
    headers,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
