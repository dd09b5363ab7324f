// /v1/projects/{project_id}/guidance-rules (spec 2.7, docs/behaviour.md): read with project:read,
// changes with deployment:update. Writes answer the rule plus `unknown_tools`: backticked names that
// are no tool of the profile, left out of allowed_tools.
import type { RouteModule } from '../../routes.js';
import { projectCrudRoutes } from '../../http/project-crud-routes.js';
import { GuidanceBody, GuidanceList, GuidanceParams, GuidancePatchBody, GuidanceQuery, GuidanceReorderBody, GuidanceRuleOut } from '../../../shared/schemas/behaviour.js';
import { createGuidanceService } from './service.js';

const tags = ['behaviour'];

export const guidanceRoutes: RouteModule = (app, ctx) => {
  const guidance = createGuidanceService(ctx);
  projectCrudRoutes(app, ctx, {
    path: '/guidance-rules', id: 'rule_id', params: GuidanceParams, item: GuidanceRuleOut, tags, read: ['project:read'], write: ['deployment:update'],
    list: {
      querystring: GuidanceQuery, response: GuidanceList, summary: "List a profile's guidance rules", description: 'In priority order; `profile_id` defaults to the default profile.',
      run: (projectId, query) => guidance.list(projectId, query.profile_id),
    },
    create: {
      body: GuidanceBody, summary: 'Create a guidance rule', run: guidance.create,
      description: 'Added last in priority. Tool names in backticks become `allowed_tools`; an unknown `audience_id` is a 400 `unknown_audience`.',
    },
    reorder: {
      body: GuidanceReorderBody, summary: 'Reorder guidance rules', description: '`rule_ids` lists every rule of the profile, first priority first.',
      run: (projectId, body) => guidance.reorder(projectId, body.profile_id, body.rule_ids),
    },
    get: { summary: 'Get a guidance rule', run: guidance.get },
    update: { body: GuidancePatchBody, summary: 'Change a guidance rule', description: '`state`: `active` or `draft` (drafts never apply). `audience_id: null` means Everyone.', run: guidance.update },
    remove: { summary: 'Delete a guidance rule', run: guidance.remove },
  });
};
