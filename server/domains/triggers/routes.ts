// /v1/projects/{project_id}/triggers (spec 6, docs/behaviour.md "Triggers"): read with project:read,
// changes with deployment:update (behaviour configuration, like guidance rules). `trigger-runs`
// lists what the triggers and the built-in spam detection did before a conversation's AI replies.
import type { RouteModule } from '../../routes.js';
import { projectRoute } from '../../http/project-route.js';
import { projectCrudRoutes } from '../../http/project-crud-routes.js';
import { ProjectParams } from '../../../shared/schemas/api.js';
import { TriggerBody, TriggerList, TriggerParams, TriggerPatchBody, TriggerReorderBody, TriggerRunList, TriggerRunQuery, TriggerSchema } from '../../../shared/schemas/triggers.js';
import { createTriggerService } from './service.js';

const tags = ['behaviour'];

export const triggerRoutes: RouteModule = (app, ctx) => {
  const triggers = createTriggerService(ctx);
  projectCrudRoutes(app, ctx, {
    path: '/triggers', id: 'trigger_id', params: TriggerParams, item: TriggerSchema, tags, read: ['project:read'], write: ['deployment:update'],
    list: { response: TriggerList, summary: 'List triggers', description: 'In the order they run before every AI reply.', run: triggers.list },
    create: {
      body: TriggerBody, summary: 'Create a trigger', run: triggers.create,
      description: 'Runs last. A regular expression that can backtrack catastrophically is a 400 `unsafe_pattern`; an unknown label a 400 `unknown_label`; an unknown audience a 400 `unknown_audience`.',
    },
    reorder: {
      body: TriggerReorderBody, summary: 'Reorder triggers', description: '`trigger_ids` lists every trigger of the project, first to run first.',
      run: (projectId, body) => triggers.reorder(projectId, body.trigger_ids),
    },
    get: { summary: 'Get a trigger', run: triggers.get },
    update: { body: TriggerPatchBody, summary: 'Change a trigger', description: '`state`: `active` or `draft` (drafts never run).', run: triggers.update },
    remove: { summary: 'Delete a trigger', run: triggers.remove },
  });
  projectRoute(app, ctx, {
    method: 'GET', path: '/trigger-runs', permissions: ['conversation:read'], tags, params: ProjectParams, querystring: TriggerRunQuery, response: TriggerRunList,
    summary: "What ran before a conversation's AI replies",
    description: 'One entry per visitor message on which a trigger fired or the built-in spam detection marked the conversation.',
    handler: async ({ params, query }) => ({ data: await triggers.runs(params.project_id, query.conversation_id) }),
  });
};
