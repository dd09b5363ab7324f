// /v1/projects/{project_id}/procedures (spec 2.9; docs/behaviour.md "Procedures"): read with
// project:read, changes with deployment:update, like the rest of the behaviour configuration.
import type { RouteModule } from '../../routes.js';
import { projectCrudRoutes } from '../../http/project-crud-routes.js';
import { ProcedureBody, ProcedureList, ProcedureParams, ProcedurePatchBody, ProcedureSchema } from '../../../shared/schemas/procedures.js';
import { createProcedureService } from './service.js';

const tags = ['behaviour'];

export const procedureRoutes: RouteModule = (app, ctx) => {
  const procedures = createProcedureService(ctx);
  projectCrudRoutes(app, ctx, {
    path: '/procedures', id: 'procedure_id', params: ProcedureParams, item: ProcedureSchema, tags, read: ['project:read'], write: ['deployment:update'],
    list: { response: ProcedureList, summary: 'List procedures', run: procedures.list },
    create: {
      body: ProcedureBody, summary: 'Create a procedure', run: procedures.create,
      description: 'Steps run in order unless `next` says otherwise. A step id used twice, a target that names no step, a choice without options or an invalid branch condition is a 400 (audience errors keep their codes); an unknown profile a 400 `unknown_profile`.',
    },
    get: { summary: 'Get a procedure', run: procedures.get },
    update: {
      body: ProcedurePatchBody, summary: 'Change a procedure', run: procedures.update,
      description: 'Conversations in the middle of it continue from the step they wait at, if it still exists; else the team is offered.',
    },
    remove: { summary: 'Delete a procedure', run: procedures.remove },
  });
};
