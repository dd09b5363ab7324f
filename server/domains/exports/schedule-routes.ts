// Recurring exports' settings (spec 4.1 "data-export settings", docs/api.md "Exports"). Setting one
// up sends the project's data out on a timer, so it needs everything an export of any entity needs.
import type { RouteModule } from '../../routes.js';
import { requireApiKey } from '../../http/auth/api-key.js';
import { ProjectParams } from '../../../shared/schemas/api.js';
import { ExportScheduleBody, ExportScheduleList, ExportScheduleParams, ExportScheduleSchema } from '../../../shared/schemas/exports.js';

const tags = ['exports'];
export const SCHEDULE = ['export:read', 'conversation:read', 'userpool:read'] as const;

export const scheduleRoutes: RouteModule = (app, ctx) => {
  const schedules = ctx.services.exports.schedules;
  const base = '/v1/projects/:project_id/export-schedules';

  app.get(
    base,
    { preHandler: requireApiKey(ctx, SCHEDULE), schema: { summary: 'List recurring exports', tags, params: ProjectParams, response: { 200: ExportScheduleList } } },
    async (request) => ({ data: await schedules.list((request.params as { project_id: string }).project_id) }),
  );

  app.post(
    base,
    {
      preHandler: requireApiKey(ctx, SCHEDULE),
      schema: {
        summary: 'Create a recurring export',
        description:
          'Daily or weekly, what is new since the previous run (users: all), at most 10,000 rows, sent as a 7-day signed link to an e-mail address or in a POST to a webhook URL. The first run is one period from now.',
        tags,
        params: ProjectParams,
        body: ExportScheduleBody,
        response: { 201: ExportScheduleSchema },
      },
    },
    async (request, reply) => {
      const created = await schedules.create((request.params as { project_id: string }).project_id, request.body as ExportScheduleBody);
      return reply.code(201).send(created);
    },
  );

  app.delete(
    `${base}/:schedule_id`,
    { preHandler: requireApiKey(ctx, SCHEDULE), schema: { summary: 'Delete a recurring export', tags, params: ExportScheduleParams, response: { 204: { type: 'null', description: 'Deleted' } } } },
    async (request, reply) => {
      const { project_id, schedule_id } = request.params as { project_id: string; schedule_id: string };
      await schedules.remove(project_id, schedule_id);
      return reply.code(204).send();
    },
  );
};
