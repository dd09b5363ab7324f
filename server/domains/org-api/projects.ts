// PATCH and DELETE /v1/org/projects/{project_id} (spec 2.1, 2.2; docs/api.md "Organization"):
// rename and delete a project. Session only, admins and owners; thin over project-removal.ts.
import { Type } from 'typebox';
import type { RouteModule } from '../../routes.js';
import { ProjectOut } from '../../../shared/schemas/api.js';
import { createProjectRemoval } from './project-removal.js';

const tags = ['organization'];
const Params = Type.Object({ project_id: Type.String({ format: 'uuid' }) }, { additionalProperties: false });
export const RenameProjectBody = Type.Object({ name: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false });

export const orgProjectRoutes: RouteModule = (app, ctx) => {
  const removal = createProjectRemoval({
    store: ctx.store,
    waitForSyncs: async (projectId) => {
      const providers = await ctx.store.collection('data_providers').list(projectId);
      await Promise.all(providers.map((p) => ctx.services.knowledge.waitForSync(projectId, p.id)));
    },
  });

  app.patch(
    '/v1/org/projects/:project_id',
    { config: { role: 'admin' }, schema: { summary: 'Rename a project', tags, params: Params, body: RenameProjectBody, response: { 200: ProjectOut } } },
    async (request) => {
      const { project_id } = request.params as { project_id: string };
      return removal.rename(request.team!.organization.id, project_id, (request.body as { name: string }).name);
    },
  );

  app.delete(
    '/v1/org/projects/:project_id',
    {
      config: { role: 'admin' },
      schema: {
        summary: 'Delete a project with everything it holds',
        description:
          'Deletes its channels, API keys, conversations, knowledge, labels, profiles and widget visitors, and the users of its user pool unless another project shares the pool (spec 2.4). Cannot be undone.',
        tags,
        params: Params,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      const { project_id } = request.params as { project_id: string };
      await removal.remove(request.team!.organization.id, project_id);
      return reply.code(204).send();
    },
  );
};
