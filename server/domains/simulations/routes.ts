// /v1/projects/{project_id}/simulations, /simulation-suites and /simulation-runs (spec 8.1.3;
// docs/behaviour.md "Simulations"). Running costs billed replies and shapes releases, so it needs
// deployment:update; reading runs and suites needs project:read.
import type { RouteModule } from '../../routes.js';
import { projectRoute } from '../../http/project-route.js';
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
  projectRoute(app, ctx, {
    method: 'GET', path: '/simulation-suites', permissions: ['project:read'], tags, params: ProjectParams, response: SuiteList,
    summary: 'List simulation suites',
    handler: async ({ params }) => ({ data: await simulations.listSuites(params.project_id) }),
  });
  projectRoute(app, ctx, {
    method: 'POST', path: '/simulation-suites', permissions: ['deployment:update'], tags, params: ProjectParams, body: SuiteBody, response: SuiteSchema, status: 201,
    summary: 'Save a simulation suite', description: 'Cases with expectations; every suite runs before an alias moves (PUT /aliases/{name}).',
    handler: ({ params, body }) => simulations.createSuite(params.project_id, body),
  });
  projectRoute(app, ctx, {
    method: 'GET', path: '/simulation-suites/:suite_id', permissions: ['project:read'], tags, params: SuiteParams, response: SuiteSchema,
    summary: 'Get a simulation suite',
    handler: ({ params }) => simulations.getSuite(params.project_id, params.suite_id),
  });
  projectRoute(app, ctx, {
    method: 'PATCH', path: '/simulation-suites/:suite_id', permissions: ['deployment:update'], tags, params: SuiteParams, body: SuitePatchBody, response: SuiteSchema,
    summary: 'Change a simulation suite',
    handler: ({ params, body }) => simulations.updateSuite(params.project_id, params.suite_id, body),
  });
  projectRoute(app, ctx, {
    method: 'DELETE', path: '/simulation-suites/:suite_id', permissions: ['deployment:update'], tags, params: SuiteParams, response: null,
    summary: 'Delete a simulation suite',
    handler: ({ params }) => simulations.removeSuite(params.project_id, params.suite_id),
  });
  projectRoute(app, ctx, {
    method: 'POST', path: '/simulation-suites/:suite_id/runs', permissions: ['deployment:update'], tags, params: SuiteParams, body: RunSuiteBody, response: SimulationRunSchema, status: 201,
    summary: 'Run a simulation suite', description: 'Against `target`: `draft` (default) or a build version. `passed` is false when any expectation of any case was missed.',
    handler: ({ params, body }) => simulations.runSuite(params.project_id, params.suite_id, body.target ?? 'draft'),
  });
};
