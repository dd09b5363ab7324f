// MCP call overhead (spec 2.9 external tool servers; docs/behaviour.md): a trivial tool call through
// Parley's connection pool (server/domains/mcp/connections.ts: pooled connection, idle timer, result
// text) against the same call made directly with the SDK's Client on its own connection, over stdio
// (@modelcontextprotocol/server-everything's `echo`, run with node from node_modules) and over
// Streamable HTTP (an McpServer on 127.0.0.1 in this process). Calls alternate between the two
// paths so machine load hits both alike; a warm-up call each first. Figures only.
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createMcpPool, type ServerSpec } from '../server/domains/mcp/connections.js';
import { EVERYTHING_SERVER, startShopServer } from '../server/domains/mcp/mcp-servers.fixture.js';

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (v: number) => v.toFixed(2);

async function timeIt(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

export async function benchMcp(runs: number): Promise<Record<string, string>> {
  const shop = await startShopServer();
  const pool = createMcpPool({ allowPrivate: true, stdioEnabled: true });
  const specs: Record<'stdio' | 'http', ServerSpec> = {
    stdio: { id: 'bench-stdio', key: '1', transport: 'stdio', url: null, headers: {}, command: process.execPath, args: [EVERYTHING_SERVER, 'stdio'], env: {}, },
    http: { id: 'bench-http', key: '1', transport: 'streamable_http', url: shop.url, headers: {}, command: null, args: [], env: {} },
  };
  const calls = { stdio: { name: 'echo', args: { message: 'hi' } }, http: { name: 'trivial', args: {} } };
  const figures: Record<string, string> = {};
  try {
    for (const kind of ['stdio', 'http'] as const) {
      const direct = new Client({ name: 'bench', version: '1.0.0' });
      await direct.connect(kind === 'stdio' ? new StdioClientTransport({ command: process.execPath, args: [EVERYTHING_SERVER, 'stdio'], stderr: 'ignore' }) : new StreamableHTTPClientTransport(new URL(shop.url)));
      const { name, args } = calls[kind];
      const viaPool: number[] = [];
      const viaSdk: number[] = [];
      for (let i = -1; i < runs; i++) {
        const a = await timeIt(async () => {
          const out = await pool.callTool(specs[kind], name, args);
          if (!out.ok) throw new Error(`${kind} call failed: ${out.text}`);
        });
        const b = await timeIt(() => direct.callTool({ name, arguments: args }));
        if (i >= 0) {
          viaPool.push(a);
          viaSdk.push(b);
        }
      }
      await direct.close();
      viaPool.sort((x, y) => x - y);
      viaSdk.sort((x, y) => x - y);
      console.log(
        `mcp ${kind}: ${runs} calls each, through Parley's pool p50 ${ms(pct(viaPool, 50))} ms p99 ${ms(pct(viaPool, 99))} ms; ` +
          `direct SDK client p50 ${ms(pct(viaSdk, 50))} ms p99 ${ms(pct(viaSdk, 99))} ms`,
      );
      figures[`mcp_${kind}_pool_p50_ms`] = ms(pct(viaPool, 50));
      figures[`mcp_${kind}_pool_p99_ms`] = ms(pct(viaPool, 99));
      figures[`mcp_${kind}_direct_p50_ms`] = ms(pct(viaSdk, 50));
      figures[`mcp_${kind}_direct_p99_ms`] = ms(pct(viaSdk, 99));
    }
  } finally {
    await pool.closeAll();
    await shop.close();
  }
  return figures;
}
