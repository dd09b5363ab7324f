// GET /v1/projects/{project_id}/metrics (spec 4): permissions metric:read, conversation:read and
// export:read exactly as spec section 4 lists them. Definitions in service.ts.
import type { RouteModule } from '../../routes.js';
import { requireApiKey } from '../../http/auth/api-key.js';
import { MetricsQuery, ProjectParams } from '../../../shared/schemas/api.js';
import { MetricsReport } from './schemas.js';
import { createMetricsService, DEFAULT_DAYS, MAX_DAYS } from './service.js';
import { orgSettingsOf } from '../org/settings-of.js';

export const METRICS = ['metric:read', 'conversation:read', 'export:read'] as const;

export const metricsRoutes: RouteModule = (app, ctx) => {
  const metrics = createMetricsService(ctx.store.collection('conversations'));
  app.get(
    '/v1/projects/:project_id/metrics',
    {
      preHandler: requireApiKey(ctx, METRICS),
      schema: {
        summary: 'Daily metrics',
        description:
          `Per calendar day in \`tz\` (default: the organization's time zone, UTC unless set): user messages, conversations, unique users, CSAT score and resolution rate (spec 10); hidden and spam conversations excluded. ` +
          `Beside them, for the whole range: the rating distribution (\`ratings\`) and the spam share (\`spam\`). ` +
          `Default range: the last ${DEFAULT_DAYS} days; at most ${MAX_DAYS} days.`,
        tags: ['metrics'],
        params: ProjectParams,
        querystring: MetricsQuery,
        response: { 200: MetricsReport },
      },
    },
    async (request) => {
      const { project_id } = request.params as { project_id: string };
      return metrics.daily(project_id, request.query as MetricsQuery, (await orgSettingsOf(ctx, project_id)).timezone);
    },
  );
};
