// OpenAPI generated from the route schemas (DESIGN.md section 2) at /v1/openapi.json, and a readable
// docs page at /v1/docs (Swagger UI, served from the package's own files: no CDN).
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Config } from '../config.js';

export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Parley API',
        version: '1.0.0',
        description:
          'Project-scoped API (Bearer `sk_live_…`/`sk_test_…` keys) and organization API (team-member session). ' +
          'Errors are `{error, message, ...}` with a stable `error` code.',
      },
      servers: [{ url: config.baseUrl }],
      components: {
        securitySchemes: {
          apiKey: { type: 'http', scheme: 'bearer', description: 'sk_live_ or sk_test_ followed by a 43-character secret' },
          session: { type: 'apiKey', in: 'cookie', name: 'parley_session' },
        },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/v1/docs', staticCSP: true });
  app.get('/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
