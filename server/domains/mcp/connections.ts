// Connections to external tool servers (spec 2.9) through the official MCP client: one per server,
// reused across calls and closed after an idle minute, when the server row changes or is deleted,
// and on shutdown (a stdio server is a child process: it must not outlive us). Every failure — a
// server that cannot be started or reached, answers too late, or dies mid-call — becomes an
// McpFailure for the caller; nothing here may throw past it or crash the process.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { CachedMcpTool } from '../../../shared/schemas/mcp-servers.js';
import type { Resolver } from '../../lib/safe-fetch.js';
import { guardedFetch } from './guarded-fetch.js';
import { assertPublicHost } from './url-policy.js';

export interface ServerSpec {
  id: string;
  /** Changes whenever the row's connection settings change: a new key means a new connection. */
  key: string;
  transport: 'streamable_http' | 'stdio';
  url: string | null;
  headers: Record<string, string>;
  command: string | null;
  args: string[];
  env: Record<string, string>;
}

export interface CallOutcome {
  ok: boolean;
  /** The result as text for the model (or the server's error text when `ok` is false). */
  text: string;
}

export class McpFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'McpFailure';
  }
}

export interface PoolOptions {
  allowPrivate: boolean;
  stdioEnabled: boolean;
  connectTimeoutMs?: number;
  callTimeoutMs?: number;
  idleMs?: number;
  /** Name resolution for Streamable HTTP servers; tests inject one that answers differently each call. */
  resolve?: Resolver;
}

interface Live {
  key: string;
  client: Client;
  transport: Transport;
  /** Resolves once connected; rejects with an McpFailure. */
  ready: Promise<void>;
  idle: NodeJS.Timeout | null;
  busy: number;
  stderr: string[];
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ').slice(0, 500);

/** The text of a tools/call result: text parts joined, other parts named, structured content as JSON. */
export function resultText(result: { content?: unknown; structuredContent?: unknown; toolResult?: unknown }): string {
  const parts = Array.isArray(result.content) ? result.content : [];
  const texts = parts.map((p: any) => {
    if (p?.type === 'text') return String(p.text ?? '');
    if (p?.type === 'resource') return p.resource?.text ?? `[resource ${p.resource?.uri ?? ''}]`;
    if (p?.type === 'resource_link') return `[resource ${p.uri ?? ''}]`;
    return `[${p?.type ?? 'content'}]`;
  });
  const text = texts.filter(Boolean).join('\n');
  if (text) return text;
  const data = result.structuredContent ?? result.toolResult;
  return data !== undefined ? JSON.stringify(data) : '';
}

export function createMcpPool(options: PoolOptions) {
  const connectTimeoutMs = options.connectTimeoutMs ?? 10_000;
  const callTimeoutMs = options.callTimeoutMs ?? 30_000;
  const idleMs = options.idleMs ?? 60_000;
  const live = new Map<string, Live>();
  // Every socket to a Streamable HTTP server checks the address it connects to (no DNS-rebinding window).
  const http = guardedFetch({ allowPrivate: options.allowPrivate, ...(options.resolve ? { resolve: options.resolve } : {}) });
  let closed = false;

  async function drop(id: string, entry: Live | undefined = live.get(id)): Promise<void> {
    if (!entry) return;
    if (live.get(id) === entry) live.delete(id);
    if (entry.idle) clearTimeout(entry.idle);
    // Client.close closes the transport: ends a stdio child (stdin, then SIGTERM, then SIGKILL).
    await entry.client.close().catch(() => {});
  }

  function transportOf(spec: ServerSpec, stderr: string[]): Transport {
    if (spec.transport === 'stdio') {
      if (!options.stdioEnabled) throw new McpFailure('stdio tool servers are disabled on this server (MCP_STDIO_ENABLED)');
      const t = new StdioClientTransport({ command: spec.command ?? '', args: spec.args, env: spec.env, stderr: 'pipe' });
      // Keep the last lines for error messages; a stream nobody reads would fill up and stall the child.
      t.stderr?.on('data', (chunk: Buffer) => {
        stderr.push(chunk.toString('utf8'));
        if (stderr.length > 20) stderr.splice(0, stderr.length - 20);
      });
      return t;
    }
    const requestInit = Object.keys(spec.headers).length ? { headers: spec.headers } : undefined;
    return new StreamableHTTPClientTransport(new URL(spec.url ?? ''), { fetch: http.fetch, ...(requestInit ? { requestInit } : {}) });
  }

  function open(spec: ServerSpec): Live {
    const stderr: string[] = [];
    const client = new Client({ name: 'parley', version: '1.0.0' }, { capabilities: {} });
    // Errors surface through the pending request; an unhandled 'error' must never reach the process.
    client.onerror = () => {};
    const entry: Live = { key: spec.key, client, transport: null as unknown as Transport, ready: Promise.resolve(), idle: null, busy: 0, stderr };
    entry.ready = (async () => {
      // A clear early refusal; the connection's own lookup checks again (guarded-fetch.ts).
      if (spec.transport === 'streamable_http') await assertPublicHost(new URL(spec.url ?? ''), options.allowPrivate, options.resolve);
      entry.transport = transportOf(spec, stderr);
      const timeout = AbortSignal.timeout(connectTimeoutMs);
      await client.connect(entry.transport, { timeout: connectTimeoutMs, signal: timeout });
      client.onclose = () => {
        if (live.get(spec.id) === entry) live.delete(spec.id);
      };
    })().catch(async (err) => {
      await drop(spec.id, entry);
      const why = stderr.join('').trim().split('\n').slice(-3).join(' ');
      throw new McpFailure(`could not connect: ${messageOf(err)}${why ? ` (${why.slice(0, 300)})` : ''}`);
    });
    entry.ready.catch(() => {});
    return entry;
  }

  async function use<T>(spec: ServerSpec, fn: (client: Client) => Promise<T>): Promise<T> {
    if (closed) throw new McpFailure('the server is shutting down');
    let entry = live.get(spec.id);
    if (entry && entry.key !== spec.key) {
      await drop(spec.id, entry);
      entry = undefined;
    }
    if (!entry) {
      entry = open(spec);
      live.set(spec.id, entry);
    }
    await entry.ready;
    if (entry.idle) clearTimeout(entry.idle);
    entry.idle = null;
    entry.busy++;
    try {
      return await fn(entry.client);
    } catch (err) {
      // A dead connection is not reused; the next call connects afresh.
      if (!live.has(spec.id) || /closed|ECONNRE|EPIPE|terminated|fetch failed|hang up/i.test(messageOf(err))) await drop(spec.id, entry);
      throw err instanceof McpFailure ? err : new McpFailure(messageOf(err));
    } finally {
      entry.busy--;
      if (entry.busy === 0 && live.get(spec.id) === entry) {
        entry.idle = setTimeout(() => void drop(spec.id, entry), idleMs);
        entry.idle.unref();
      }
    }
  }

  return {
    /** tools/list, every page. */
    listTools(spec: ServerSpec): Promise<CachedMcpTool[]> {
      return use(spec, async (client) => {
        const tools: CachedMcpTool[] = [];
        let cursor: string | undefined;
        for (let page = 0; page < 20; page++) {
          const res = await client.listTools(cursor ? { cursor } : {}, { timeout: callTimeoutMs });
          for (const t of res.tools) {
            tools.push({
              name: t.name,
              title: t.title ?? t.annotations?.title ?? null,
              description: t.description ?? '',
              input_schema: (t.inputSchema ?? { type: 'object' }) as Record<string, unknown>,
              annotations: Object.fromEntries(
                Object.entries(t.annotations ?? {}).filter(([k]) => ['title', 'readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'].includes(k)),
              ),
            });
          }
          cursor = res.nextCursor;
          if (!cursor) break;
        }
        return tools;
      });
    },

    /** tools/call; a result with isError is an outcome (`ok: false`), a broken server an McpFailure. */
    callTool(spec: ServerSpec, name: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<CallOutcome> {
      return use(spec, async (client) => {
        const res = await client.callTool({ name, arguments: args }, undefined, { timeout: callTimeoutMs, ...(signal ? { signal } : {}) });
        return { ok: !res.isError, text: resultText(res as { content?: unknown; structuredContent?: unknown; toolResult?: unknown }) };
      });
    },

    /** Closes the server's connection (its row changed or was deleted). */
    close: (id: string) => drop(id),

    /** The pid of a connected stdio server (tests check it is gone after close). */
    pidOf(id: string): number | null {
      const t = live.get(id)?.transport;
      return t instanceof StdioClientTransport ? t.pid : null;
    },

    async closeAll(): Promise<void> {
      closed = true;
      await Promise.all([...live.keys()].map((id) => drop(id)));
      http.close();
    },
  };
}

export type McpPool = ReturnType<typeof createMcpPool>;
