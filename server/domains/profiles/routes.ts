// /v1/projects/{project_id}/profiles (docs/behaviour.md): read with project:read, changes with
// deployment:update. Search tables attach to a profile through the tables API; GET /toolboxes lists
// the toolboxes a profile can enable.
import type { RouteModule } from '../../routes.js';
import { projectRoute } from '../../http/project-route.js';
import { ProjectParams } from '../../../shared/schemas/api.js';
import { ProfileBody, ProfileList, ProfileOut, ProfileParams, ProfilePatchBody } from '../../../shared/schemas/behaviour.js';
import { ToolboxList } from '../../../shared/schemas/toolboxes.js';
import { createProfileService, profileView } from './service.js';
import { toolboxCatalogue } from './toolboxes.js';

const tags = ['behaviour'];

export const profileRoutes: RouteModule = (app, ctx) => {
  const profiles = createProfileService(ctx.store);
  projectRoute(app, ctx, {
    method: 'GET', path: '/profiles', permissions: ['project:read'], tags, params: ProjectParams, response: ProfileList,
    summary: "List the project's profiles", description: 'The default profile (id `default`) comes first; it always exists.',
    handler: async ({ params }) => ({ data: await Promise.all((await profiles.list(params.project_id)).map((p) => profileView(ctx, p))) }),
  });
  projectRoute(app, ctx, {
    method: 'GET', path: '/toolboxes', permissions: ['project:read'], tags, params: ProjectParams, response: ToolboxList,
    summary: 'List the toolboxes a profile can enable',
    description: "Bundles of built-in actions (spec 2.9); a profile's `toolboxes` add their actions to its `enabled_actions`. `available: false`: the server lacks what the action needs (search_web: WEB_SEARCH_URL).",
    handler: async () => ({ data: toolboxCatalogue(ctx.config) }),
  });
  projectRoute(app, ctx, {
    method: 'POST', path: '/profiles', permissions: ['deployment:update'], tags, params: ProjectParams, body: ProfileBody, response: ProfileOut, status: 201,
    summary: 'Create a profile',
    handler: async ({ params, body }) => profileView(ctx, await profiles.create(params.project_id, body)),
  });
  projectRoute(app, ctx, {
    method: 'GET', path: '/profiles/:profile_id', permissions: ['project:read'], tags, params: ProfileParams, response: ProfileOut,
    summary: 'Get a profile',
    handler: async ({ params }) => profileView(ctx, await profiles.require(params.project_id, params.profile_id)),
  });
  projectRoute(app, ctx, {
    method: 'PATCH', path: '/profiles/:profile_id', permissions: ['deployment:update'], tags, params: ProfileParams, body: ProfilePatchBody, response: ProfileOut,
    summary: 'Change a profile', description: '`model` is merged field by field; `enabled_actions` and `toolboxes` replace the list.',
    handler: async ({ params, body }) => profileView(ctx, await profiles.update(params.project_id, params.profile_id, body)),
  });
  projectRoute(app, ctx, {
    method: 'DELETE', path: '/profiles/:profile_id', permissions: ['deployment:update'], tags, params: ProfileParams, response: null,
    summary: 'Delete a profile', description: 'Its guidance rules go with it. The default profile cannot be deleted (409).',
    handler: ({ params }) => profiles.remove(params.project_id, params.profile_id),
  });
};
