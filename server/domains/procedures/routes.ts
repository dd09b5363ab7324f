// /v1/projects/{project_id}/procedures (spec 2.9; docs/behaviour.md "Procedures"): read with
// project:read, changes with deployment:update, like the rest of the behaviour configuration.
import type { RouteModule } from '../../routes.js';
import { projectRoute } from '../../http/project-route.js';
import { ProjectParams } from '../../../shared/schemas/api.js';
import { ProcedureBody, ProcedureList, ProcedureParams, ProcedurePatchBody, ProcedureSchema } from '../../../shared/schemas/procedures.js';
import { createProcedureService } from './service.js';

const tags = ['behaviour'];

export const procedureRoutes: RouteModule = (app, ctx) => {
  const procedures = createProcedureService(ctx);
  projectRoute(app, ctx, {
    method: 'GET', path: '/procedures', permissions: ['project:read'], tags, params: ProjectParams, response: ProcedureList,
    summary: 'List procedures',
    handler: async ({ params }) => ({ data: await procedures.list(params.project_id) }),
  });
  projectRoute(app, ctx, {
    method: 'POST', path: '/procedures', permissions: ['deployment:update'], tags, params: ProjectParams, body: ProcedureBody, response: ProcedureSchema, status: 201,
    summary: 'Create a procedure',
    description: 'Steps run in order unless `next` says otherwise. A step id used twice, a target that names no step, a choice without options or an invalid branch condition is a 400 (audience errors keep their codes); an unknown profile a 400 `unknown_profile`.',
    handler: ({ params, body }) => procedures.create(params.project_id, body),
  });
  projectRoute(app, ctx, {
    method: 'GET', path: '/procedures/:procedure_id', permissions: ['project:read'], tags, params: ProcedureParams, response: ProcedureSchema,
    summary: 'Get a procedure',
    handler: ({ params }) => procedures.get(params.project_id, params.procedure_id),
  });
  projectRoute(app, ctx, {
    method: 'PATCH', path: '/procedures/:procedure_id', permissions: ['deployment:update'], tags, params: ProcedureParams, body: ProcedurePatchBody, response: ProcedureSchema,
    summary: 'Change a procedure', description: 'Conversations in the middle of it continue from the step they wait at, if it still exists; else the team is offered.',
    handler: ({ params, body }) => procedures.update(params.project_id, params.procedure_id, body),
  });
  projectRoute(app, ctx, {
    method: 'DELETE', path: '/procedures/:procedure_id', permissions: ['deployment:update'], tags, params: ProcedureParams, response: null,
    summary: 'Delete a procedure',
    handler: ({ params }) => procedures.remove(params.project_id, params.procedure_id),
  });
};
