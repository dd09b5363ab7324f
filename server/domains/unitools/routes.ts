// /v1/projects/{project_id}/unitools (spec 2.9; docs/behaviour.md "Unitools"): read with
// project:read, changes and test-runs with deployment:update (behaviour configuration, like
// guidance rules and triggers). A test-run executes the code, so it takes the write permission.
import type { RouteModule } from '../../routes.js';
import { projectRoute } from '../../http/project-route.js';
import { projectCrudRoutes } from '../../http/project-crud-routes.js';
import { TestRunBody, TestRunResult, UnitoolBody, UnitoolList, UnitoolParams, UnitoolPatchBody, UnitoolSchema } from '../../../shared/schemas/unitools.js';
import { createUnitoolService } from './service.js';

const tags = ['actions'];
/** What a Unitool is, and the codes of what creating one refuses. */
const createDoc =
  'Custom Python or Shell code the agent can call on the profiles in `profile_ids`. `parameters` that are no JSON Schema of an object are a 400 `invalid_tool_schema`; ' +
  "a built-in action's name a 400 `reserved_tool_name`; a name already used a 409 `conflict`; an unknown profile a 400 `unknown_profile`.";

export const unitoolRoutes: RouteModule = (app, ctx) => {
  const unitools = createUnitoolService(ctx);
  projectCrudRoutes(app, ctx, {
    path: '/unitools', id: 'unitool_id', params: UnitoolParams, item: UnitoolSchema, tags, read: ['project:read'], write: ['deployment:update'],
    list: { response: UnitoolList, summary: 'List Unitools', description: 'Secrets appear by name only (`secret_names`).', run: unitools.list },
    create: { body: UnitoolBody, summary: 'Create a Unitool', description: createDoc, run: unitools.create },
    get: { summary: 'Get a Unitool', run: unitools.get },
    update: { body: UnitoolPatchBody, summary: 'Change a Unitool', description: '`secrets` sets the secrets it names (null removes one) and keeps the others.', run: unitools.update },
    remove: { summary: 'Delete a Unitool', run: unitools.remove },
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
