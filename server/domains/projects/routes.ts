// GET /v1/projects/{project_id} (spec 2.2, 5.5 `project:read`): the project, with the user pool it
// uses (spec 2.4). Your backend reads it with an API key of the project; a team member of its
// organization with the session cookie (docs/api.md).
import type { RouteModule } from '../../routes.js';
import { requireApiKey } from '../../http/auth/api-key.js';
import { ProjectOut, ProjectParams } from '../../../shared/schemas/api.js';
import { notFound } from '../../errors.js';

export const projectRoutes: RouteModule = (app, ctx) => {
  app.get(
    '/v1/projects/:project_id',
    {
      preHandler: requireApiKey(ctx, ['project:read']),
      config: { sessionRole: 'member' },
      schema: { summary: 'Get the project', tags: ['projects'], params: ProjectParams, response: { 200: ProjectOut } },
    },
    async (request) => {
      const { project_id } = request.params as { project_id: string };
      const project = await ctx.services.projects.getProject(project_id);
      if (!project) throw notFound('project');
      return project;
    },
  );
};
