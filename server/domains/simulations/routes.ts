// /v1/projects/{project_id}/simulations, /simulation-suites and /simulation-runs (spec 8.1.3;
// docs/behaviour.md "Simulations"). Running costs billed replies and shapes releases, so it needs
// deployment:update; reading runs and suites needs project:read.
import type { RouteModule } from '../../routes.js';
import { projectRoute } from '../../http/project-route.js';
import { projectCrudRoutes } from '../../http/project-crud-routes.js';
import { ProjectParams } from '../../../shared/schemas/api.js';
import { RunSuiteBody, SimulateBody, SimulationRunList, SimulationRunParams, SimulationRunQuery, SimulationRunSchema, SuiteBody, SuiteList, SuiteParams, SuitePatchBody, SuiteSchema } from '../../../shared/schemas/simulations.js';
import { createSimulationService } from './service.js';

const tags = ['simulations'];

export const simulationRoutes: RouteModule = (app, ctx) => {
  const simulations = createSimulationService(ctx);
  projectRoute(app, ctx, {
    method: 'POST', path: '/simulations', permissions: ['deployment:update'], tags, params: ProjectParams, body: SimulateBody, response: SimulationRunSchema, status: 201,
    summary: 'Run a scripted conversation',
    description: 'Each `turns[].user` message is answered by the production pipeline against `target` (`draft`, the default, or a build version), as the visitor the `context` describes (user attributes, channel, time). Answers every reply with the rules and audiences that matched, the tools used and the sources, and the expectations it missed. Replies are billed as Chat Messages.',
    handler: ({ params, body }) => simulations.simulate(params.project_id, body),
  });
  projectRoute(app, ctx, {
    method: 'GET', path: '/simulation-runs', permissions: ['project:read'], tags, params: ProjectParams, querystring: SimulationRunQuery, response: SimulationRunList,
    summary: 'List simulation runs', description: 'Newest first; the 200 most recent are kept.',
    handler: async ({ params, query }) => ({ data: await simulations.listRuns(params.project_id, query.suite_id) }),
  });
  projectRoute(app, ctx, {
    method: 'GET', path: '/simulation-runs/:run_id', permissions: ['project:read'], tags, params: SimulationRunParams, response: SimulationRunSchema,
    summary: 'Get a simulation run',
    handler: ({ params }) => simulations.getRun(params.project_id, params.run_id),
  });
  projectCrudRoutes(app, ctx, {
    path: '/simulation-suites', id: 'suite_id', params: SuiteParams, item: SuiteSchema, tags, read: ['project:read'], write: ['deployment:update'],
    list: { response: SuiteList, summary: 'List simulation suites', run: simulations.listSuites },
    create: { body: SuiteBody, summary: 'Save a simulation suite', description: 'Cases with expectations; every suite runs before an alias moves (PUT /aliases/{name}).', run: simulations.createSuite },
    get: { summary: 'Get a simulation suite', run: simulations.getSuite },
    update: { body: SuitePatchBody, summary: 'Change a simulation suite', run: simulations.updateSuite },
    remove: { summary: 'Delete a simulation suite', run: simulations.removeSuite },
  });
  projectRoute(app, ctx, {
    method: 'POST', path: '/simulation-suites/:suite_id/runs', permissions: ['deployment:update'], tags, params: SuiteParams, body: RunSuiteBody, response: SimulationRunSchema, status: 201,
    summary: 'Run a simulation suite', description: 'Against `target`: `draft` (default) or a build version. `passed` is false when any expectation of any case was missed.',
    handler: ({ params, body }) => simulations.runSuite(params.project_id, params.suite_id, body.target ?? 'draft'),
  });
};
