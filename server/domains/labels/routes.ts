// /v1/projects/{project_id}/labels (docs/operators.md): list with label:read; create, rename and
// delete with label:upsert. Applying labels to conversations is an operator action (operators/routes.ts).
import type { RouteModule } from '../../routes.js';
import { projectRoute } from '../../http/project-route.js';
import { ProjectParams } from '../../../shared/schemas/api.js';
import { LabelBody, LabelList, LabelOut, LabelParams, LabelPatchBody } from '../../../shared/schemas/operators.js';
import { createLabelService } from './service.js';

const tags = ['labels'];

export const labelRoutes: RouteModule = (app, ctx) => {
  const labels = createLabelService(ctx);
  projectRoute(app, ctx, {
    method: 'GET', path: '/labels', permissions: ['label:read'], tags, params: ProjectParams, response: LabelList,
    summary: 'List the project\'s labels',
    handler: async ({ params }) => ({ data: await labels.list(params.project_id) }),
  });
  projectRoute(app, ctx, {
    method: 'POST', path: '/labels', permissions: ['label:upsert'], tags, params: ProjectParams, body: LabelBody, response: LabelOut, status: 201,
    summary: 'Create a label', description: 'Names are unique per project (case-insensitive): a taken name is a 409.',
    handler: ({ params, body }) => labels.create(params.project_id, body),
  });
  projectRoute(app, ctx, {
    method: 'PATCH', path: '/labels/:label_id', permissions: ['label:upsert'], tags, params: LabelParams, body: LabelPatchBody, response: LabelOut,
    summary: 'Rename a label or change its colour',
    handler: ({ params, body }) => labels.rename(params.project_id, params.label_id, body),
  });
  projectRoute(app, ctx, {
    method: 'DELETE', path: '/labels/:label_id', permissions: ['label:upsert'], tags, params: LabelParams, response: null,
    summary: 'Delete a label', description: 'It is removed from every conversation that carried it.',
    handler: ({ params }) => labels.remove(params.project_id, params.label_id),
  });
};
