// Routes outside /v1/projects/ and /v1/org whose credential is the link itself (a signed, expiring
// export download) count per client address at the Standard figures, like any request without a
// key or session (spec 8), so a signature cannot be probed without limit and the response carries
// the X-RateLimit-* headers that apply to it.
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { ErrorSchema } from '../../../shared/schemas/api.js';
import { countRequest } from './count.js';
import { ANONYMOUS_LIMITS } from './plans.js';
import type { RateLimiter } from './types.js';

export const ADDRESS_LIMITED_PREFIXES = ['/v1/exports/'];

export function registerAddressLimits(app: FastifyInstance, limiter: RateLimiter): void {
  app.addHook('onRoute', (route) => {
    if (!ADDRESS_LIMITED_PREFIXES.some((p) => route.url.startsWith(p))) return;
    const hook: onRequestAsyncHookHandler = (request, reply) => countRequest(limiter, reply, `addr:${request.ip}`, ANONYMOUS_LIMITS);
    const existing = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    route.onRequest = [hook, ...existing];
    if (!route.schema || route.schema.hide) return;
    const schema = route.schema as Record<string, unknown>;
    const error = { ...ErrorSchema, description: 'rate_limit_exceeded: too many requests from this address, with `retry_after`' };
    route.schema = { ...schema, response: { 429: error, ...((schema.response as object) ?? {}) } } as typeof route.schema;
  });
}
