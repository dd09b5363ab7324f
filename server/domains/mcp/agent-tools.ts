// The exposed tools of the project's external tool servers, as tools for the model (spec 2.9), each
// saying which profiles enable it: the behaviour stage keeps those the reply's profile (the draft's,
// or the one a build froze) lists in `mcp_server_ids` (guidance/stages.ts). Only tools the decision
// (decision.ts) does not refuse are offered; whether a call runs at once or waits for approval is
// decided per call by the provider and the procedure stage with the same function. Each call is
// logged on the conversation (tool-calls.ts), so tools are built per conversation.
import type { AppContext } from '../../context.js';
import type { ConversationRecord } from '../../../shared/schemas/entities.js';
import type { AgentTool } from '../agent/provider.js';
import { decideToolCall, type ToolPolicy } from './decision.js';
import { agentToolName, toolTitle } from './names.js';
import { createToolCallService } from './tool-calls.js';

type Ctx = Pick<AppContext, 'store' | 'box' | 'config' | 'services' | 'bus'>;

/** OpenAI wants an object schema; a server that sends none gets an empty one. */
function parametersOf(schema: Record<string, unknown>): Record<string, unknown> {
  return schema.type === 'object' ? schema : { type: 'object', properties: {} };
}

export async function mcpAgentTools(ctx: Ctx, projectId: string, conversation?: ConversationRecord): Promise<AgentTool[]> {
  if (!conversation) return []; // every call is logged on a conversation
  const rows = await ctx.store.collection('mcp_servers').list(projectId);
  if (!rows.length) return [];
  const calls = createToolCallService(ctx);
  const tools: AgentTool[] = [];
  for (const row of rows) {
    for (const t of row.tools) {
      const setting = row.tool_settings[t.name];
      const policy: ToolPolicy = { exposed: setting?.exposed ?? false, approval: setting?.approval ?? null, trusted: row.trusted, annotations: t.annotations };
      const name = agentToolName(row.slug, t.name);
      if (decideToolCall(policy, name, null).action === 'refuse') continue;
      const title = toolTitle(t);
      const tool: AgentTool = {
        name,
        description: `${t.description || title} (external tool "${title}" of ${row.name})`.slice(0, 1024),
        parameters: parametersOf(t.input_schema),
        policy,
        external: { serverId: row.id, tool: t.name, title },
        // Enabled per profile (spec 2.9): the reply's profile, the draft's or a build's, lists the server.
        enabledOn: (profile) => (profile.mcp_server_ids ?? []).includes(row.id),
        // Reached only when the decision says `run`; a call that needs approval pauses the reply instead.
        run: async (args, signal) => ({ content: (await calls.runNow(conversation, tool, args, 'agent', signal)).content }),
      };
      tools.push(tool);
    }
  }
  return tools;
}
