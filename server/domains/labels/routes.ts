// /v1/projects/{project_id}/labels (docs/operators.md): list with label:read; create, rename and
// delete with label:upsert. Applying labels to conversations is an operator action (operators/routes.ts).
import type { RouteModule } from '../../routes.js';
import { projectCrudRoutes } from '../../http/project-crud-routes.js';
import { LabelBody, LabelList, LabelOut, LabelParams, LabelPatchBody } from '../../../shared/schemas/operators.js';
import { createLabelService } from './service.js';

const tags = ['labels'];

export const labelRoutes: RouteModule = (app, ctx) => {
  const labels = createLabelService(ctx);
  projectCrudRoutes(app, ctx, {
    path: '/labels', id: 'label_id', params: LabelParams, item: LabelOut, tags, read: ['label:read'], write: ['label:upsert'],
    list: { response: LabelList, summary: 'List the project\'s labels', run: labels.list },
    create: { body: LabelBody, summary: 'Create a label', description: 'Names are unique per project (case-insensitive): a taken name is a 409.', run: labels.create },
    update: { body: LabelPatchBody, summary: 'Rename a label or change its colour', run: labels.rename },
    remove: { summary: 'Delete a label', description: 'It is removed from every conversation that carried it.', run: labels.remove },
  });
};
