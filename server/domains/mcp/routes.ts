// /v1/projects/{project_id}/mcp-servers (spec 2.9 "External tool servers"; docs/behaviour.md): read
// with project:read, changes and refresh with deployment:update, like Unitools (what shapes the
// agent's replies). Thin handlers over the service.
import type { RouteModule } from '../../routes.js';
import { projectRoute } from '../../http/project-route.js';
import { ProjectParams } from '../../../shared/schemas/api.js';
import { McpServerBody, McpServerList, McpServerParams, McpServerPatchBody, McpServerSchema } from '../../../shared/schemas/mcp-servers.js';
import { createMcpServerService } from './service.js';
import { toolCallRoutes } from './tool-call-routes.js';

const tags = ['actions'];

export const mcpServerRoutes: RouteModule = (app, ctx) => {
  const mcp = createMcpServerService(ctx);
  projectRoute(app, ctx, {
    method: 'GET', path: '/mcp-servers', permissions: ['project:read'], tags, params: ProjectParams, response: McpServerList,
    summary: 'List external tool servers (MCP)', description: 'Header and environment values appear by name only.',
    handler: async ({ params }) => ({ data: await mcp.list(params.project_id) }),
  });
  projectRoute(app, ctx, {
    method: 'POST', path: '/mcp-servers', permissions: ['deployment:update'], tags, params: ProjectParams, body: McpServerBody, response: McpServerSchema, status: 201,
    summary: 'Add an external tool server (MCP)',
    description:
      'Connects and lists its tools at once; a server that cannot be reached is saved with `status: error` and `last_error`. ' +
      'An IP-literal or localhost URL is a 400 `blocked_url` unless the server allows private fetches; `stdio` is a 403 `stdio_disabled` unless MCP_STDIO_ENABLED=true; ' +
      'a setting for a tool the server did not list a 400 `unknown_mcp_tool`; a slug already used a 409 `conflict`.',
    handler: ({ params, body }) => mcp.create(params.project_id, body),
  });
  projectRoute(app, ctx, {
    method: 'GET', path: '/mcp-servers/:mcp_server_id', permissions: ['project:read'], tags, params: McpServerParams, response: McpServerSchema,
    summary: 'Get an external tool server',
    handler: ({ params }) => mcp.get(params.project_id, params.mcp_server_id),
  });
  projectRoute(app, ctx, {
    method: 'PATCH', path: '/mcp-servers/:mcp_server_id', permissions: ['deployment:update'], tags, params: McpServerParams, body: McpServerPatchBody, response: McpServerSchema,
    summary: 'Change an external tool server',
    description: '`tools` sets `exposed` and `approval` per tool; `headers` and `env` set the values they name (null removes one). A changed connection reconnects and lists the tools again.',
    handler: ({ params, body }) => mcp.update(params.project_id, params.mcp_server_id, body),
  });
  projectRoute(app, ctx, {
    method: 'DELETE', path: '/mcp-servers/:mcp_server_id', permissions: ['deployment:update'], tags, params: McpServerParams, response: null,
    summary: 'Delete an external tool server', description: 'Closes its connection (a stdio program is stopped) and removes it from every profile.',
    handler: ({ params }) => mcp.remove(params.project_id, params.mcp_server_id),
  });
  projectRoute(app, ctx, {
    method: 'POST', path: '/mcp-servers/:mcp_server_id/refresh', permissions: ['deployment:update'], tags, params: McpServerParams, response: McpServerSchema,
    summary: 'List the tools of an external tool server again',
    description: 'A server that cannot be reached or fails tools/list is a 424 `mcp_unavailable`; the row keeps `status: error` and `last_error`.',
    handler: ({ params }) => mcp.refresh(params.project_id, params.mcp_server_id),
  });
  toolCallRoutes(app, ctx);
};
