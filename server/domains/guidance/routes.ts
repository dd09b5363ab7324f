// /v1/projects/{project_id}/guidance-rules (spec 2.7, docs/behaviour.md): read with project:read,
// changes with deployment:update. Writes answer the rule plus `unknown_tools`: backticked names that
// are no tool of the profile, left out of allowed_tools.
import type { RouteModule } from '../../routes.js';
import { projectRoute } from '../../http/project-route.js';
import { ProjectParams } from '../../../shared/schemas/api.js';
import { GuidanceBody, GuidanceList, GuidanceParams, GuidancePatchBody, GuidanceQuery, GuidanceReorderBody, GuidanceRuleOut } from '../../../shared/schemas/behaviour.js';
import { createGuidanceService } from './service.js';

const tags = ['behaviour'];

export const guidanceRoutes: RouteModule = (app, ctx) => {
  const guidance = createGuidanceService(ctx);
  projectRoute(app, ctx, {
    method: 'GET', path: '/guidance-rules', permissions: ['project:read'], tags, params: ProjectParams, querystring: GuidanceQuery, response: GuidanceList,
    summary: "List a profile's guidance rules", description: 'In priority order; `profile_id` defaults to the default profile.',
    handler: async ({ params, query }) => ({ data: await guidance.list(params.project_id, query.profile_id) }),
  });
  projectRoute(app, ctx, {
    method: 'POST', path: '/guidance-rules', permissions: ['deployment:update'], tags, params: ProjectParams, body: GuidanceBody, response: GuidanceRuleOut, status: 201,
    summary: 'Create a guidance rule',
    description: 'Added last in priority. Tool names in backticks become `allowed_tools`; an unknown `audience_id` is a 400 `unknown_audience`.',
    handler: ({ params, body }) => guidance.create(params.project_id, body),
  });
  projectRoute(app, ctx, {
    method: 'POST', path: '/guidance-rules/reorder', permissions: ['deployment:update'], tags, params: ProjectParams, body: GuidanceReorderBody, response: GuidanceList,
    summary: 'Reorder guidance rules', description: "`rule_ids` lists every rule of the profile, first priority first.",
    handler: async ({ params, body }) => ({ data: await guidance.reorder(params.project_id, body.profile_id, body.rule_ids) }),
  });
  projectRoute(app, ctx, {
    method: 'GET', path: '/guidance-rules/:rule_id', permissions: ['project:read'], tags, params: GuidanceParams, response: GuidanceRuleOut,
    summary: 'Get a guidance rule',
    handler: ({ params }) => guidance.get(params.project_id, params.rule_id),
  });
  projectRoute(app, ctx, {
    method: 'PATCH', path: '/guidance-rules/:rule_id', permissions: ['deployment:update'], tags, params: GuidanceParams, body: GuidancePatchBody, response: GuidanceRuleOut,
    summary: 'Change a guidance rule', description: '`state`: `active` or `draft` (drafts never apply). `audience_id: null` means Everyone.',
    handler: ({ params, body }) => guidance.update(params.project_id, params.rule_id, body),
  });
  projectRoute(app, ctx, {
    method: 'DELETE', path: '/guidance-rules/:rule_id', permissions: ['deployment:update'], tags, params: GuidanceParams, response: null,
    summary: 'Delete a guidance rule',
    handler: ({ params }) => guidance.remove(params.project_id, params.rule_id),
  });
};
