// /v1/projects/{project_id}/triggers (spec 6, docs/behaviour.md "Triggers"): read with project:read,
// changes with deployment:update (behaviour configuration, like guidance rules). `trigger-runs`
// lists what the triggers and the built-in spam detection did before a conversation's AI replies.
import type { RouteModule } from '../../routes.js';
import { projectRoute } from '../../http/project-route.js';
import { ProjectParams } from '../../../shared/schemas/api.js';
import { TriggerBody, TriggerList, TriggerParams, TriggerPatchBody, TriggerReorderBody, TriggerRunList, TriggerRunQuery, TriggerSchema } from '../../../shared/schemas/triggers.js';
import { createTriggerService } from './service.js';

const tags = ['behaviour'];

export const triggerRoutes: RouteModule = (app, ctx) => {
  const triggers = createTriggerService(ctx);
  projectRoute(app, ctx, {
    method: 'GET', path: '/triggers', permissions: ['project:read'], tags, params: ProjectParams, response: TriggerList,
    summary: 'List triggers', description: 'In the order they run before every AI reply.',
    handler: async ({ params }) => ({ data: await triggers.list(params.project_id) }),
  });
  projectRoute(app, ctx, {
    method: 'POST', path: '/triggers', permissions: ['deployment:update'], tags, params: ProjectParams, body: TriggerBody, response: TriggerSchema, status: 201,
    summary: 'Create a trigger',
    description: 'Runs last. A regular expression that can backtrack catastrophically is a 400 `unsafe_pattern`; an unknown label a 400 `unknown_label`; an unknown audience a 400 `unknown_audience`.',
    handler: ({ params, body }) => triggers.create(params.project_id, body),
  });
  projectRoute(app, ctx, {
    method: 'POST', path: '/triggers/reorder', permissions: ['deployment:update'], tags, params: ProjectParams, body: TriggerReorderBody, response: TriggerList,
    summary: 'Reorder triggers', description: '`trigger_ids` lists every trigger of the project, first to run first.',
    handler: async ({ params, body }) => ({ data: await triggers.reorder(params.project_id, body.trigger_ids) }),
  });
  projectRoute(app, ctx, {
    method: 'GET', path: '/triggers/:trigger_id', permissions: ['project:read'], tags, params: TriggerParams, response: TriggerSchema,
    summary: 'Get a trigger',
    handler: ({ params }) => triggers.get(params.project_id, params.trigger_id),
  });
  projectRoute(app, ctx, {
    method: 'PATCH', path: '/triggers/:trigger_id', permissions: ['deployment:update'], tags, params: TriggerParams, body: TriggerPatchBody, response: TriggerSchema,
    summary: 'Change a trigger', description: '`state`: `active` or `draft` (drafts never run).',
    handler: ({ params, body }) => triggers.update(params.project_id, params.trigger_id, body),
  });
  projectRoute(app, ctx, {
    method: 'DELETE', path: '/triggers/:trigger_id', permissions: ['deployment:update'], tags, params: TriggerParams, response: null,
    summary: 'Delete a trigger',
    handler: ({ params }) => triggers.remove(params.project_id, params.trigger_id),
  });
  projectRoute(app, ctx, {
    method: 'GET', path: '/trigger-runs', permissions: ['conversation:read'], tags, params: ProjectParams, querystring: TriggerRunQuery, response: TriggerRunList,
    summary: "What ran before a conversation's AI replies",
    description: 'One entry per visitor message on which a trigger fired or the built-in spam detection marked the conversation.',
    handler: async ({ params, query }) => ({ data: await triggers.runs(params.project_id, query.conversation_id) }),
  });
};
