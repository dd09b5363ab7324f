// /v1/projects/{project_id}/audiences (spec 2.8, docs/behaviour.md): read with project:read; changes
// with deployment:update, the permission for what shapes the agent's behaviour (spec 5.5).
import type { RouteModule } from '../../routes.js';
import { projectCrudRoutes } from '../../http/project-crud-routes.js';
import { AudienceBody, AudienceList, AudienceParams, AudiencePatchBody, AudienceSchema } from '../../../shared/schemas/behaviour.js';
import { createAudienceService } from './service.js';

const tags = ['behaviour'];
const conditionsDoc = 'Conditions: fields and operators of spec 2.8 (docs/behaviour.md). Errors: `unknown_audience_field`, `invalid_audience_operator`, `invalid_audience_value` (400, with the condition `path`).';

export const audienceRoutes: RouteModule = (app, ctx) => {
  const audiences = createAudienceService(ctx.store);
  projectCrudRoutes(app, ctx, {
    path: '/audiences', id: 'audience_id', params: AudienceParams, item: AudienceSchema, tags, read: ['project:read'], write: ['deployment:update'],
    list: { response: AudienceList, summary: "List the project's audiences", run: audiences.list },
    create: { body: AudienceBody, summary: 'Create an audience', description: conditionsDoc, run: audiences.create },
    get: { summary: 'Get an audience', run: audiences.require },
    update: { body: AudiencePatchBody, summary: 'Change an audience', description: conditionsDoc, run: audiences.update },
    remove: { summary: 'Delete an audience', description: 'Refused (409) while a guidance rule uses it.', run: audiences.remove },
  });
};
