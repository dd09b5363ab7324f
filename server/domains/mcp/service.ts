// External tool servers (spec 2.9; docs/behaviour.md "External tool servers (MCP)"): CRUD of a
// project's MCP servers, their header and env values sealed with the master key and shown by name
// only, the team's per-tool choices (exposed, approval), and tools/list kept on the row with its
// status. Connections live in the pool (connections.ts); this file only decides what they are.
import { createHash } from 'node:crypto';
import type { AppContext } from '../../context.js';
import type { CachedMcpTool, McpServer, McpServerBody, McpServerPatchBody, McpTool, StoredMcpServer } from '../../../shared/schemas/mcp-servers.js';
import { MCP_LIMITS } from '../../../shared/schemas/mcp-servers.js';
import { AppError, conflict, invalid, notFound } from '../../errors.js';
import { newId, now } from '../../lib/ids.js';
import type { ServerSpec } from './connections.js';
import { effectiveApproval } from './decision.js';
import { agentToolName, slugOf } from './names.js';
import { checkMcpUrl } from './url-policy.js';

type Ctx = Pick<AppContext, 'store' | 'box' | 'config' | 'services'>;

/** The API view: secrets by name, each tool with the team's choices and the name the model calls. */
export function mcpServerView({ headers, env, tools, tool_settings, ...row }: StoredMcpServer): McpServer {
  return {
    ...row,
    header_names: Object.keys(headers).sort(),
    env_names: Object.keys(env).sort(),
    tools: tools.map((t) => toolView(row, t, tool_settings[t.name])),
  };
}

function toolView(row: Pick<StoredMcpServer, 'slug' | 'trusted'>, t: CachedMcpTool, setting: StoredMcpServer['tool_settings'][string] | undefined): McpTool {
  const approval = setting?.approval ?? null;
  return {
    ...t,
    agent_name: agentToolName(row.slug, t.name),
    exposed: setting?.exposed ?? false,
    approval,
    effective_approval: effectiveApproval({ approval, trusted: row.trusted, annotations: t.annotations }),
  };
}

export function createMcpServerService(ctx: Ctx) {
  const servers = ctx.store.collection('mcp_servers');
  const pool = () => ctx.services.mcp;

  async function require(projectId: string, id: string): Promise<StoredMcpServer> {
    const row = await servers.get(projectId, id);
    if (!row) throw notFound('MCP server');
    return row;
  }

  /** What the pool connects to, secrets opened; the key changes with the connection settings. */
  function specOf(row: StoredMcpServer): ServerSpec {
    const open = (values: Record<string, string>) => Object.fromEntries(Object.entries(values).map(([k, v]) => [k, ctx.box.open(v)]));
    const key = createHash('sha256').update(JSON.stringify([row.transport, row.url, row.headers, row.command, row.args, row.env])).digest('hex');
    return { id: row.id, key, transport: row.transport, url: row.url, headers: open(row.headers), command: row.command, args: row.args, env: open(row.env) };
  }

  function seal(current: Record<string, string>, changes: Record<string, string | null> | undefined, limit: number, field: string): Record<string, string> {
    const next = { ...current };
    for (const [name, value] of Object.entries(changes ?? {})) {
      if (value === null) delete next[name];
      else next[name] = ctx.box.seal(value);
    }
    if (Object.keys(next).length > limit) throw invalid(`${field}: at most ${limit}`, [{ path: field, message: 'too many' }]);
    return next;
  }

  /** The transport's own fields, and nothing of the other one's. */
  function checkTransport(row: Pick<StoredMcpServer, 'transport' | 'url' | 'command' | 'args' | 'headers' | 'env'>): void {
    if (row.transport === 'stdio') {
      // Checked through the config module: the server's operator decides, not the project's team.
      if (!ctx.config.mcpStdioEnabled) throw new AppError('stdio_disabled', 'stdio tool servers run a program on this server; its operator has not enabled them (MCP_STDIO_ENABLED=true)');
      if (!row.command) throw invalid('command: required for a stdio server', [{ path: 'command', message: 'required' }]);
      if (row.url || Object.keys(row.headers).length) throw invalid('url and headers belong to streamable_http servers', [{ path: 'url', message: 'not for stdio' }]);
    } else {
      if (!row.url) throw invalid('url: required for a streamable_http server', [{ path: 'url', message: 'required' }]);
      checkMcpUrl(row.url, ctx.config.allowPrivateFetch);
      if (row.command || row.args.length || Object.keys(row.env).length) throw invalid('command, args and env belong to stdio servers', [{ path: 'command', message: 'not for streamable_http' }]);
    }
  }

  function applySettings(row: StoredMcpServer, settings: McpServerBody['tools']): StoredMcpServer['tool_settings'] {
    const next = { ...row.tool_settings };
    const known = new Set(row.tools.map((t) => t.name));
    for (const [name, s] of Object.entries(settings ?? {})) {
      if (!known.has(name)) throw new AppError('unknown_mcp_tool', `tools: the server did not list a tool "${name}" (refresh it, or check the name)`, { details: [{ path: `tools/${name}`, message: 'unknown tool' }] });
      const current = next[name] ?? { exposed: false, approval: null };
      next[name] = { exposed: s.exposed ?? current.exposed, approval: s.approval === undefined ? current.approval : s.approval };
    }
    return next;
  }

  /** tools/list into the row; failure marks it `error` with the reason and keeps the last tools. */
  async function refreshRow(row: StoredMcpServer): Promise<StoredMcpServer> {
    let patch: Partial<StoredMcpServer>;
    try {
      const tools = await pool().listTools(specOf(row));
      patch = { status: 'ok', last_error: null, tools, tools_refreshed_at: now() };
    } catch (err) {
      patch = { status: 'error', last_error: (err as Error).message };
    }
    return (await servers.update(row.project_id, row.id, (r) => ({ ...r, ...patch })))!;
  }

  return {
    require,
    specOf,

    async list(projectId: string): Promise<McpServer[]> {
      return (await servers.list(projectId)).sort((a, b) => a.created_at.localeCompare(b.created_at)).map(mcpServerView);
    },

    get: async (projectId: string, id: string) => mcpServerView(await require(projectId, id)),

    /** Rows enabled on a profile, secrets still sealed (for the agent). */
    async enabledOn(projectId: string, serverIds: readonly string[]): Promise<StoredMcpServer[]> {
      const all = await servers.list(projectId);
      return all.filter((s) => serverIds.includes(s.id));
    },

    /** Created, then listed at once; a server that cannot be reached is saved with status `error`. */
    async create(projectId: string, body: McpServerBody): Promise<McpServer> {
      const existing = await servers.list(projectId);
      if (existing.length >= MCP_LIMITS.serversPerProject) throw conflict(`A project has at most ${MCP_LIMITS.serversPerProject} MCP servers`);
      const slug = body.slug ?? slugOf(body.name);
      if (existing.some((s) => s.slug === slug)) throw conflict(`slug: an MCP server with the slug "${slug}" already exists in this project; choose another`);
      const t = now();
      const row: StoredMcpServer = {
        id: newId(),
        project_id: projectId,
        name: body.name.trim(),
        slug,
        transport: body.transport,
        url: body.url ?? null,
        headers: seal({}, body.headers, MCP_LIMITS.headers, 'headers'),
        command: body.command ?? null,
        args: body.args ?? [],
        env: seal({}, body.env, MCP_LIMITS.env, 'env'),
        trusted: body.trusted ?? false,
        status: 'error',
        last_error: 'not listed yet',
        tools: [],
        tool_settings: {},
        tools_refreshed_at: null,
        created_at: t,
        updated_at: t,
      };
      checkTransport(row);
      await servers.put(projectId, row);
      let refreshed = await refreshRow(row);
      if (body.tools) {
        try {
          const tool_settings = applySettings(refreshed, body.tools);
          refreshed = (await servers.update(projectId, row.id, (r) => ({ ...r, tool_settings })))!;
        } catch (err) {
          await servers.delete(projectId, row.id);
          await pool().close(row.id);
          throw err;
        }
      }
      return mcpServerView(refreshed);
    },

    async update(projectId: string, id: string, body: McpServerPatchBody): Promise<McpServer> {
      await require(projectId, id);
      // Built from the row as the store's queue hands it over, not from a copy read earlier: two quick
      // PATCHes (a tool exposed, then its approval set) must both land, never the second over the first.
      const build = (current: StoredMcpServer): StoredMcpServer => {
        const next: StoredMcpServer = {
          ...current,
          ...(body.name !== undefined ? { name: body.name.trim() } : {}),
          ...(body.url !== undefined ? { url: body.url } : {}),
          ...(body.command !== undefined ? { command: body.command } : {}),
          ...(body.args !== undefined ? { args: body.args } : {}),
          ...(body.trusted !== undefined ? { trusted: body.trusted } : {}),
          headers: seal(current.headers, body.headers, MCP_LIMITS.headers, 'headers'),
          env: seal(current.env, body.env, MCP_LIMITS.env, 'env'),
      };
      checkTransport(next);
      next.tool_settings = applySettings(next, body.tools);
      next.updated_at = now();
      return next;
      };
      const reconnect = body.url !== undefined || body.command !== undefined || body.args !== undefined || body.headers !== undefined || body.env !== undefined;
      const updated = await servers.update(projectId, id, build);
      if (!updated) throw notFound('MCP server');
      let saved = updated;
      if (reconnect) {
        await pool().close(id);
        saved = await refreshRow(saved);
      }
      return mcpServerView(saved);
    },

    /** Closes its connection (a stdio child ends) and takes it off every profile. */
    async remove(projectId: string, id: string): Promise<void> {
      await require(projectId, id);
      await servers.delete(projectId, id);
      await pool().close(id);
      const profiles = ctx.store.collection('profiles');
      for (const p of await profiles.list(projectId)) {
        if (p.mcp_server_ids?.includes(id)) await profiles.update(projectId, p.id, (x) => ({ ...x, mcp_server_ids: (x.mcp_server_ids ?? []).filter((s) => s !== id) }));
      }
    },

    /** tools/list again: 424 `mcp_unavailable` when it fails (the row keeps the reason). */
    async refresh(projectId: string, id: string): Promise<McpServer> {
      const row = await refreshRow(await require(projectId, id));
      if (row.status === 'error') throw new AppError('mcp_unavailable', `The MCP server could not list its tools: ${row.last_error}`, { mcp_server_id: id });
      return mcpServerView(row);
    },

    /** A call's outcome on the row: a failure to connect marks it `error`, a success `ok` again. */
    async noteHealth(projectId: string, id: string, error: string | null): Promise<void> {
      await servers.update(projectId, id, (r) => (r.status === (error ? 'error' : 'ok') && r.last_error === error ? undefined : { ...r, status: error ? 'error' : 'ok', last_error: error }));
    },
  };
}

export type McpServerService = ReturnType<typeof createMcpServerService>;
