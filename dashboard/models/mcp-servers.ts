// External tool servers of the open project (spec 2.9; docs/behaviour.md "External tool servers
// (MCP)"): the only module of the console that calls the MCP servers API. Types come from the
// server's schemas (types only). Header and environment values are write-only: the API shows their
// names, and a PATCH sets the ones it names (null removes one). Which profiles use a server is the
// profile's `mcp_server_ids` (models/behaviour.ts updateProfile), like its toolboxes.
import type { ApprovalSetting, McpServer, McpServerBody, McpServerPatchBody, McpTool } from '../../shared/schemas/mcp-servers.js';
import { api, ApiError } from './api.js';
import { fieldOf } from './field-error.js';

export type { ApprovalSetting, McpServer, McpServerBody, McpServerPatchBody, McpTool };
export type McpTransport = McpServer['transport'];

const base = (projectId: string) => `/v1/projects/${encodeURIComponent(projectId)}/mcp-servers`;
const one = (projectId: string, id: string) => `${base(projectId)}/${encodeURIComponent(id)}`;

export const listMcpServers = async (projectId: string) => (await api<{ data: McpServer[] }>('GET', base(projectId))).data;
/** Lists the server's tools at once; one that cannot be reached is a 424 `mcp_unavailable`, its row kept with `last_error`. */
export const createMcpServer = (projectId: string, body: McpServerBody) => api<McpServer>('POST', base(projectId), body);
export const updateMcpServer = (projectId: string, id: string, patch: McpServerPatchBody) => api<McpServer>('PATCH', one(projectId, id), patch);
export const deleteMcpServer = (projectId: string, id: string) => api<void>('DELETE', one(projectId, id));
export const refreshMcpServer = (projectId: string, id: string) => api<McpServer>('POST', `${one(projectId, id)}/refresh`);

/** The team's choice for one tool: exposed to the agent or not, and when a call needs an answer first. */
export const setToolSettings = (projectId: string, server: McpServer, tool: string, settings: { exposed?: boolean; approval?: ApprovalSetting | null }) =>
  updateMcpServer(projectId, server.id, { tools: { [tool]: settings } });

export const TRANSPORT_TEXT: Record<McpTransport, string> = { streamable_http: 'Streamable HTTP', stdio: 'stdio (a program on the server)' };
export const APPROVAL_TEXT: Record<ApprovalSetting, string> = { always: 'Ask before every call', never: 'Run without asking' };

/** A list of arguments typed one per line (a stdio command's `args`). */
export const lines = (text: string) => text.split('\n').map((l) => l.trim()).filter(Boolean);

/** The add form's fields a 400 or 403 can point at; anything else shows at the top of the form. */
export type McpField = 'name' | 'transport' | 'url' | 'headers' | 'command' | 'args' | 'env';
const FIELDS = ['name', 'slug', 'transport', 'url', 'headers', 'command', 'args', 'env'] as const;

/**
 * `blocked_url` is the URL's, `stdio_disabled` the transport's; else the field the error names. The
 * form has no slug: it comes from the name, so a slug already taken (409) is the name's to change.
 */
export function mcpErrorField(err: unknown): McpField | null {
  if (err instanceof ApiError && err.code === 'blocked_url') return 'url';
  if (err instanceof ApiError && err.code === 'stdio_disabled') return 'transport';
  const field = fieldOf(err, FIELDS);
  return field === 'slug' ? 'name' : field;
}
