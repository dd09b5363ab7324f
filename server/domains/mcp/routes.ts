// /v1/projects/{project_id}/mcp-servers (spec 2.9 "External tool servers"; docs/behaviour.md): read
// with project:read, changes and refresh with deployment:update, like Unitools (what shapes the
// agent's replies). Thin handlers over the service.
import type { RouteModule } from '../../routes.js';
import { projectRoute } from '../../http/project-route.js';
import { projectCrudRoutes } from '../../http/project-crud-routes.js';
import { McpServerBody, McpServerList, McpServerParams, McpServerPatchBody, McpServerSchema } from '../../../shared/schemas/mcp-servers.js';
import { createMcpServerService } from './service.js';
import { toolCallRoutes } from './tool-call-routes.js';

const tags = ['actions'];
/** What adding a server does, and the codes of what it refuses. */
const createDoc =
  'Connects and lists its tools at once; a server that cannot be reached is saved with `status: error` and `last_error`. ' +
  'An IP-literal or localhost URL is a 400 `blocked_url` unless the server allows private fetches; `stdio` is a 403 `stdio_disabled` unless MCP_STDIO_ENABLED=true; ' +
  'a setting for a tool the server did not list a 400 `unknown_mcp_tool`; a slug already used a 409 `conflict`.';

export const mcpServerRoutes: RouteModule = (app, ctx) => {
  const mcp = createMcpServerService(ctx);
  projectCrudRoutes(app, ctx, {
    path: '/mcp-servers', id: 'mcp_server_id', params: McpServerParams, item: McpServerSchema, tags, read: ['project:read'], write: ['deployment:update'],
    list: { response: McpServerList, summary: 'List external tool servers (MCP)', description: 'Header and environment values appear by name only.', run: mcp.list },
    create: { body: McpServerBody, summary: 'Add an external tool server (MCP)', description: createDoc, run: mcp.create },
    get: { summary: 'Get an external tool server', run: mcp.get },
    update: {
      body: McpServerPatchBody, summary: 'Change an external tool server', run: mcp.update,
      description: '`tools` sets `exposed` and `approval` per tool; `headers` and `env` set the values they name (null removes one). A changed connection reconnects and lists the tools again.',
    },
    remove: { summary: 'Delete an external tool server', description: 'Closes its connection (a stdio program is stopped) and removes it from every profile.', run: mcp.remove },
  });
  projectRoute(app, ctx, {
    method: 'POST', path: '/mcp-servers/:mcp_server_id/refresh', permissions: ['deployment:update'], tags, params: McpServerParams, response: McpServerSchema,
    summary: 'List the tools of an external tool server again',
    description: 'A server that cannot be reached or fails tools/list is a 424 `mcp_unavailable`; the row keeps `status: error` and `last_error`.',
    handler: ({ params }) => mcp.refresh(params.project_id, params.mcp_server_id),
  });
  toolCallRoutes(app, ctx);
};
