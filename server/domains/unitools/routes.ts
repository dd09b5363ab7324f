// /v1/projects/{project_id}/unitools (spec 2.9; docs/behaviour.md "Unitools"): read with
// project:read, changes and test-runs with deployment:update (behaviour configuration, like
// guidance rules and triggers). A test-run executes the code, so it takes the write permission.
import type { RouteModule } from '../../routes.js';
import { projectRoute } from '../../http/project-route.js';
import { ProjectParams } from '../../../shared/schemas/api.js';
import { TestRunBody, TestRunResult, UnitoolBody, UnitoolList, UnitoolParams, UnitoolPatchBody, UnitoolSchema } from '../../../shared/schemas/unitools.js';
import { createUnitoolService } from './service.js';

const tags = ['actions'];

export const unitoolRoutes: RouteModule = (app, ctx) => {
  const unitools = createUnitoolService(ctx);
  projectRoute(app, ctx, {
    method: 'GET', path: '/unitools', permissions: ['project:read'], tags, params: ProjectParams, response: UnitoolList,
    summary: 'List Unitools', description: 'Secrets appear by name only (`secret_names`).',
    handler: async ({ params }) => ({ data: await unitools.list(params.project_id) }),
  });
  projectRoute(app, ctx, {
    method: 'POST', path: '/unitools', permissions: ['deployment:update'], tags, params: ProjectParams, body: UnitoolBody, response: UnitoolSchema, status: 201,
    summary: 'Create a Unitool',
    description:
      'Custom Python or Shell code the agent can call on the profiles in `profile_ids`. `parameters` that are no JSON Schema of an object are a 400 `invalid_tool_schema`; ' +
      "a built-in action's name a 400 `reserved_tool_name`; a name already used a 409 `conflict`; an unknown profile a 400 `unknown_profile`.",
    handler: ({ params, body }) => unitools.create(params.project_id, body),
  });
  projectRoute(app, ctx, {
    method: 'GET', path: '/unitools/:unitool_id', permissions: ['project:read'], tags, params: UnitoolParams, response: UnitoolSchema,
    summary: 'Get a Unitool',
    handler: ({ params }) => unitools.get(params.project_id, params.unitool_id),
  });
  projectRoute(app, ctx, {
    method: 'PATCH', path: '/unitools/:unitool_id', permissions: ['deployment:update'], tags, params: UnitoolParams, body: UnitoolPatchBody, response: UnitoolSchema,
    summary: 'Change a Unitool', description: '`secrets` sets the secrets it names (null removes one) and keeps the others.',
    handler: ({ params, body }) => unitools.update(params.project_id, params.unitool_id, body),
  });
  projectRoute(app, ctx, {
    method: 'DELETE', path: '/unitools/:unitool_id', permissions: ['deployment:update'], tags, params: UnitoolParams, response: null,
    summary: 'Delete a Unitool',
    handler: ({ params }) => unitools.remove(params.project_id, params.unitool_id),
  });
  projectRoute(app, ctx, {
    method: 'POST', path: '/unitools/:unitool_id/test-run', permissions: ['deployment:update'], tags, params: UnitoolParams, body: TestRunBody, response: TestRunResult,
    summary: 'Run a Unitool once',
    description:
      'Runs the code in the sandbox with `arguments` and reports the result, or why it failed (`timeout`, `output_limit`, `cpu_limit`, `exit_status`, `killed`). ' +
      "Arguments that do not match the tool's parameters are a 400 `invalid_arguments`; a server without the sandbox answers 503 `sandbox_unavailable`.",
    handler: ({ params, body }) => unitools.testRun(params.project_id, params.unitool_id, body.arguments),
  });
};
