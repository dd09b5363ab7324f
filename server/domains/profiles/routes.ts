// /v1/projects/{project_id}/profiles (docs/behaviour.md): read with project:read, changes with
// deployment:update. Search tables attach to a profile through the tables API; GET /toolboxes lists
// the toolboxes a profile can enable.
import type { RouteModule } from '../../routes.js';
import { projectRoute } from '../../http/project-route.js';
import { projectCrudRoutes } from '../../http/project-crud-routes.js';
import { ProjectParams } from '../../../shared/schemas/api.js';
import { ProfileBody, ProfileList, ProfileOut, ProfileParams, ProfilePatchBody } from '../../../shared/schemas/behaviour.js';
import { ToolboxList } from '../../../shared/schemas/toolboxes.js';
import { createProfileService, profileView } from './service.js';
import { toolboxCatalogue } from './toolboxes.js';

const tags = ['behaviour'];

export const profileRoutes: RouteModule = (app, ctx) => {
  const profiles = createProfileService(ctx.store);
  projectCrudRoutes(app, ctx, {
    path: '/profiles', id: 'profile_id', params: ProfileParams, item: ProfileOut, tags, read: ['project:read'], write: ['deployment:update'],
    list: {
      response: ProfileList, summary: "List the project's profiles", description: 'The default profile (id `default`) comes first; it always exists.',
      run: async (projectId) => Promise.all((await profiles.list(projectId)).map((p) => profileView(ctx, p))),
    },
    create: { body: ProfileBody, summary: 'Create a profile', run: async (projectId, body) => profileView(ctx, await profiles.create(projectId, body)) },
    get: { summary: 'Get a profile', run: async (projectId, id) => profileView(ctx, await profiles.require(projectId, id)) },
    update: {
      body: ProfilePatchBody, summary: 'Change a profile', description: '`model` is merged field by field; `enabled_actions` and `toolboxes` replace the list.',
      run: async (projectId, id, body) => profileView(ctx, await profiles.update(projectId, id, body)),
    },
    remove: { summary: 'Delete a profile', description: 'Its guidance rules go with it. The default profile cannot be deleted (409).', run: profiles.remove },
  });
  projectRoute(app, ctx, {
    method: 'GET', path: '/toolboxes', permissions: ['project:read'], tags, params: ProjectParams, response: ToolboxList,
    summary: 'List the toolboxes a profile can enable',
    description: "Bundles of built-in actions (spec 2.9); a profile's `toolboxes` add their actions to its `enabled_actions`. `available: false`: the server lacks what the action needs (search_web: WEB_SEARCH_URL).",
    handler: async () => ({ data: toolboxCatalogue(ctx.config) }),
  });
};
