// /v1/projects/{project_id}/audiences (spec 2.8, docs/behaviour.md): read with project:read; changes
// with deployment:update, the permission for what shapes the agent's behaviour (spec 5.5).
import type { RouteModule } from '../../routes.js';
import { projectRoute } from '../../http/project-route.js';
import { ProjectParams } from '../../../shared/schemas/api.js';
import { AudienceBody, AudienceList, AudienceParams, AudiencePatchBody, AudienceSchema } from '../../../shared/schemas/behaviour.js';
import { createAudienceService } from './service.js';

const tags = ['behaviour'];
const conditionsDoc = 'Conditions: fields and operators of spec 2.8 (docs/behaviour.md). Errors: `unknown_audience_field`, `invalid_audience_operator`, `invalid_audience_value` (400, with the condition `path`).';

export const audienceRoutes: RouteModule = (app, ctx) => {
  const audiences = createAudienceService(ctx.store);
  projectRoute(app, ctx, {
    method: 'GET', path: '/audiences', permissions: ['project:read'], tags, params: ProjectParams, response: AudienceList,
    summary: "List the project's audiences",
    handler: async ({ params }) => ({ data: await audiences.list(params.project_id) }),
  });
  projectRoute(app, ctx, {
    method: 'POST', path: '/audiences', permissions: ['deployment:update'], tags, params: ProjectParams, body: AudienceBody, response: AudienceSchema, status: 201,
    summary: 'Create an audience', description: conditionsDoc,
    handler: ({ params, body }) => audiences.create(params.project_id, body),
  });
  projectRoute(app, ctx, {
    method: 'GET', path: '/audiences/:audience_id', permissions: ['project:read'], tags, params: AudienceParams, response: AudienceSchema,
    summary: 'Get an audience',
    handler: ({ params }) => audiences.require(params.project_id, params.audience_id),
  });
  projectRoute(app, ctx, {
    method: 'PATCH', path: '/audiences/:audience_id', permissions: ['deployment:update'], tags, params: AudienceParams, body: AudiencePatchBody, response: AudienceSchema,
    summary: 'Change an audience', description: conditionsDoc,
    handler: ({ params, body }) => audiences.update(params.project_id, params.audience_id, body),
  });
  projectRoute(app, ctx, {
    method: 'DELETE', path: '/audiences/:audience_id', permissions: ['deployment:update'], tags, params: AudienceParams, response: null,
    summary: 'Delete an audience', description: 'Refused (409) while a guidance rule uses it.',
    handler: ({ params }) => audiences.remove(params.project_id, params.audience_id),
  });
};
