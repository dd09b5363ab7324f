// Unknown query parameters are a 400 unknown_parameter (docs/architecture.md section 2), whatever else is wrong
// with the request. Fastify validates params, then the body, then the query, so a POST with both a bad
// body and a stray `?colour=red` would otherwise report only the body; this check runs first (in
// preValidation) for every route of the /v1 API (project and org routes), whatever its schema says,
// and elsewhere (widget, hosting) for routes whose querystring schema is closed.
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.js';
import { ORG_PREFIX } from './session.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Query parameter names a route accepts (set by onRoute from its querystring schema). */
    allowedQuery?: ReadonlySet<string>;
  }
}

export function registerQueryRules(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const qs = route.schema?.querystring as { properties?: Record<string, unknown>; additionalProperties?: unknown } | undefined;
    // Every API route (spec 4, and the org routes of spec 2.1) takes exactly the parameters its schema
    // names, none when it names none; elsewhere only closed schemas are enforced.
    const api = (route.url.startsWith('/v1/projects') || route.url === ORG_PREFIX || route.url.startsWith(`${ORG_PREFIX}/`)) && !route.websocket;
    if (!api && (!qs || qs.additionalProperties !== false)) return;
    route.config = { ...route.config, allowedQuery: new Set(Object.keys(qs?.properties ?? {})) };
  });

  app.addHook('preValidation', (request, _reply, done) => {
    const allowed = request.routeOptions.config?.allowedQuery;
    if (!allowed) return done();
    for (const name of Object.keys(request.query as object)) {
      if (allowed.has(name)) continue;
      const accepted = allowed.size > 0 ? `accepted: ${[...allowed].join(', ')}` : 'this endpoint takes no query parameters';
      return done(
        new AppError('unknown_parameter', `Unknown query parameter "${name}" (${accepted})`, {
          details: [{ path: `querystring.${name}`, message: 'is not a parameter of this endpoint' }],
        }),
      );
    }
    done();
  });
}
