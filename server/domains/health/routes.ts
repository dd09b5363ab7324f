import { Type } from 'typebox';
import type { RouteModule } from '../../routes.js';

export const healthRoutes: RouteModule = (app) => {
  app.get(
    '/healthz',
    {
      schema: {
        summary: 'Liveness check',
        tags: ['system'],
        response: { 200: Type.Object({ status: Type.Literal('ok'), uptime_s: Type.Integer() }) },
      },
    },
    async () => ({ status: 'ok' as const, uptime_s: Math.round(process.uptime()) }),
  );
};
