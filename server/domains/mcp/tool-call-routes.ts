// A conversation's external tool calls over /v1 (spec 2.9; docs/api.md): the log for the console
// (conversation:read), and an operator's answer to a call waiting for approval, with the permission
// of operator replies (conversation:read + conversation:write).
import type { RouteModule } from '../../routes.js';
import { projectRoute } from '../../http/project-route.js';
import { ConversationParams } from '../../../shared/schemas/api.js';
import { ToolCallList, ToolCallParams, ToolCallSchema } from '../../../shared/schemas/mcp-servers.js';
import { actorOf } from '../operators/actor.js';
import { createToolCallService } from './tool-calls.js';

const tags = ['operators'];
const WRITE = ['conversation:read', 'conversation:write'] as const;

export const toolCallRoutes: RouteModule = (app, ctx) => {
  const calls = createToolCallService(ctx);
  const conv = '/conversations/:conversation_id';

  projectRoute(app, ctx, {
    method: 'GET', path: `${conv}/tool-calls`, permissions: ['conversation:read'], tags, params: ConversationParams, response: ToolCallList,
    summary: "List a conversation's external tool calls",
    description: 'Oldest first: arguments, the summary a person approved, approval and who answered, status, a short result summary, error and duration.',
    handler: async ({ params }) => {
      await ctx.services.conversations.require(params.project_id, params.conversation_id);
      return { data: await calls.list(params.project_id, params.conversation_id) };
    },
  });

  for (const verb of ['approve', 'deny'] as const) {
    projectRoute(app, ctx, {
      method: 'POST', path: `${conv}/tool-calls/:call_id/${verb}`, permissions: WRITE, tags, params: ToolCallParams, response: ToolCallSchema,
      summary: verb === 'approve' ? 'Approve a pending tool call as an operator' : 'Deny a pending tool call as an operator',
      description:
        (verb === 'approve' ? 'The call runs and the AI reply continues with its result. ' : 'The model is told the call was declined and answers without it. ') +
        'A call already answered or expired is a 409 `tool_call_answered`.',
      handler: async ({ params, request }) => {
        const actor = actorOf(request);
        return calls.answer(params.project_id, params.conversation_id, params.call_id, verb === 'approve', { kind: 'operator', id: actor.member_id, name: actor.name });
      },
    });
  }
};
