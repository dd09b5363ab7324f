// OpenAPI generated from the route schemas (docs/architecture.md section 2) at /v1/openapi.json, and a readable
// docs page at /v1/docs (Swagger UI, served from the package's own files: no CDN). The document stays
// clean under Redocly's recommended lint rules (openapi-lint.test.ts): every operation has an
// operationId (operation-ids.ts) and a security declaration (`security: []` when public).
import type { FastifyInstance } from 'fastify';
import swagger, { type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Config } from '../config.js';
import { createOperationIds } from './operation-ids.js';
import { webhookOpenApi } from '../domains/webhooks/openapi.js';

const DOCUMENTED_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

type OpenApiDoc = { paths?: Record<string, Record<string, { responses?: Record<string, unknown> }>> };

/**
 * Every operation names how it fails: one without a 4xx of its own (a route with no input, like
 * /healthz) still gets the answers any request can receive for a malformed URL or oversized headers.
 */
function withClientErrors<T extends OpenApiDoc>(doc: T): T {
  for (const ops of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(ops)) {
      const responses = (op.responses ??= {});
      if (!Object.keys(responses).some((code) => code.startsWith('4'))) {
        responses['4XX'] = { description: 'Malformed request: invalid percent-encoding in the URL, oversized headers' };
      }
    }
  }
  return doc;
}

export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  // Added before any route, so it sees every route registered afterwards (plugins included).
  const operationId = createOperationIds();
  app.addHook('onRoute', (route) => {
    const schema = route.schema as { hide?: boolean; summary?: string; operationId?: string } | undefined;
    const methods = [route.method].flat();
    if (!schema || schema.hide || schema.operationId || !methods.some((m) => DOCUMENTED_METHODS.has(m))) return;
    const method = methods.find((m) => DOCUMENTED_METHODS.has(m))!;
    route.schema = { ...route.schema, operationId: operationId(method.toLowerCase(), route.url, schema.summary) } as typeof route.schema;
  });
  await app.register(swagger, {
    transformObject: (doc) => ('openapiObject' in doc ? withClientErrors(doc.openapiObject as OpenApiDoc) : doc.swaggerObject) as ReturnType<SwaggerTransformObject>,
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
      // What Parley sends to a project's webhook endpoints (docs/api.md "Webhooks").
      webhooks: webhookOpenApi(),
      components: {
        securitySchemes: {
          apiKey: { type: 'http', scheme: 'bearer', description: 'sk_live_ or sk_test_ followed by a 43-character secret' },
          session: { type: 'apiKey', in: 'cookie', name: 'parley_session' },
          // The instance operators' admin API (/v1/admin/…; docs/billing.md "Admin API").
          adminToken: { type: 'http', scheme: 'bearer', description: 'The server\'s ADMIN_TOKEN' },
          // The widget's visitor tokens, issued by the gateway's session.welcome (voice upload).
          visitorDevice: { type: 'apiKey', in: 'header', name: 'x-parley-device', description: 'Device token from session.welcome' },
          visitorSession: { type: 'apiKey', in: 'header', name: 'x-parley-session', description: 'Session token, once the visitor has one' },
        },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/v1/docs', staticCSP: true });
  app.get('/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
