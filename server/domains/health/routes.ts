// System routes: the readiness check and the root address a newcomer opens first.
import { Type } from 'typebox';
import type { RouteModule } from '../../routes.js';
import { readDemoCredentials } from '../../demo/seed.js';

export const healthRoutes: RouteModule = (app, ctx) => {
  app.get(
    '/healthz',
    {
      schema: {
        summary: 'Readiness check',
        description:
          '200 once the server has started and is ready for requests (the demo, when enabled, is seeded); ' +
          '503 with `status: "starting"` and `Retry-After` until then.',
        tags: ['system'],
        response: {
          200: Type.Object({ status: Type.Literal('ok'), uptime_s: Type.Integer() }),
          503: Type.Object({ status: Type.Literal('starting') }),
        },
      },
    },
    async () => ({ status: 'ok' as const, uptime_s: Math.round(process.uptime()) }),
  );

  // Someone opening the bare address gets something to look at: the demo's example pages when this
  // data directory holds the demo, else the API reference.
  app.get('/', { schema: { hide: true } }, async (_request, reply) => {
    const demo = await readDemoCredentials(ctx.config.dataDir);
    return reply.header('cache-control', 'no-store').redirect(demo ? '/examples/' : '/v1/docs', 302);
  });
};
