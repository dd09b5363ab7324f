// Guards the instance operators' admin API `/v1/admin/…` (docs/billing.md "Admin API"): a bearer
// token from ADMIN_TOKEN, a credential of its own, apart from project API keys and team sessions.
//   no ADMIN_TOKEN set          → 404 admin_api_disabled (the API is off; nothing else is said)
//   header missing or malformed → 401 unauthorized with WWW-Authenticate
//   any other token (a project key, an old token) → 401 unauthorized
// The token is accepted nowhere else: the project guard takes only `sk_…` keys and the org routes
// refuse any Authorization header (403 session_required), so it cannot open a team's data by
// accident, and a team's credentials cannot open this API.
// Tokens are compared as SHA-256 digests with timingSafeEqual, so the time taken says nothing about
// how much of a guess was right (and digests have one length, whatever was sent).
// Rate limits: every admin request counts in one bucket for the instance; failed authentication
// counts per client address at the Standard figures, so guessing the token is slow and costly.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { ErrorSchema } from '../../../shared/schemas/api.js';
import { ANONYMOUS_LIMITS } from '../rate-limit/plans.js';
import type { RateLimiter, RateLimits } from '../rate-limit/types.js';

export const ADMIN_PREFIX = '/v1/admin/';

/** What instance operators may send: scripts running contracts for many organizations, not a crawler. */
export const ADMIN_LIMITS: RateLimits = { perMinute: 300, perDay: 50_000, burstFactor: 2, burstSeconds: 10 };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set once the admin guard accepted this request's token. */
    admin?: { token: number };
  }
  interface FastifyInstance {
    /** Every route under /v1/admin/ (filled by onRoute; the auth tests read it). */
    adminRoutes: { method: string; url: string }[];
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest();

// Exactly one space after "Bearer", then the token's characters (config.ts admits printable ASCII).
const HEADER = /^Bearer ([\x21-\x7e]+)$/;

const err = (description: string) => ({ ...ErrorSchema, description });

export function adminErrorResponses(method: string | string[]) {
  const withBody = [method].flat().some((m) => ['POST', 'PUT', 'PATCH'].includes(m));
  return {
    400: err('invalid_request / unknown_parameter / invalid_json, with `details`'),
    401: err('unauthorized: no admin token, or not the admin token (project keys and sessions are not accepted here)'),
    404: err('admin_api_disabled (no ADMIN_TOKEN on this server), or not_found'),
    ...(withBody ? { 413: err('payload_too_large'), 415: err('unsupported_media_type') } : {}),
    429: err('rate_limit_exceeded with `retry_after` (also the Retry-After header)'),
  };
}

export function registerAdminGuard(app: FastifyInstance, ctx: AppContext, limiter: RateLimiter): void {
  const tokens = (ctx.config.adminTokens ?? []).map(digest);
  app.decorate('adminRoutes', [] as { method: string; url: string }[]);

  async function count(reply: FastifyReply, bucket: string, limits: RateLimits) {
    const d = await limiter.hit(bucket, limits);
    reply.header('X-RateLimit-Limit', String(d.limit));
    reply.header('X-RateLimit-Remaining', String(d.remaining));
    reply.header('X-RateLimit-Reset', String(d.reset));
    if (!d.allowed) {
      reply.header('Retry-After', String(d.retryAfter));
      throw new AppError('rate_limit_exceeded', `Rate limit exceeded: retry in ${d.retryAfter} seconds`, { retry_after: d.retryAfter });
    }
  }

  /** The index of the configured token the header carries; every token is compared, match or not. */
  function match(header: string): number {
    const sent = digest(header);
    let found = -1;
    for (const [i, token] of tokens.entries()) if (timingSafeEqual(sent, token) && found < 0) found = i;
    return found;
  }

  async function guard(request: FastifyRequest, reply: FastifyReply) {
    if (tokens.length === 0) throw new AppError('admin_api_disabled', 'The admin API is off on this server: its operator sets ADMIN_TOKEN to enable it');
    const header = request.headers.authorization;
    const parsed = typeof header === 'string' ? HEADER.exec(header) : null;
    const which = parsed ? match(parsed[1]!) : -1;
    if (which < 0) {
      await count(reply, `addr:${request.ip}`, ANONYMOUS_LIMITS); // a 429 here replaces the 401
      reply.header('WWW-Authenticate', 'Bearer realm="parley-admin"');
      throw new AppError(
        'unauthorized',
        header === undefined ? 'Missing Authorization header: send "Authorization: Bearer <ADMIN_TOKEN>"' : 'Not the admin token of this server (project API keys and team sessions do not open the admin API)',
      );
    }
    await count(reply, 'admin', ADMIN_LIMITS);
    request.admin = { token: which };
  }

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(ADMIN_PREFIX)) return;
    const hook: onRequestAsyncHookHandler = (request, reply) => guard(request, reply);
    const existing = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    route.onRequest = [hook, ...existing];
    if (route.method === 'HEAD') return;
    for (const method of [route.method].flat()) app.adminRoutes.push({ method, url: route.url });
    if (route.schema?.hide) return;
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    route.schema = {
      ...schema,
      security: [{ adminToken: [] }],
      description: [schema.description, 'Instance operators only: `Authorization: Bearer <ADMIN_TOKEN>`. Rate limited (X-RateLimit-* headers).']
        .filter(Boolean)
        .join('\n\n'),
      response: { ...adminErrorResponses(route.method), ...((schema.response as object) ?? {}) },
    } as RouteOptionsSchema;
  });

  // Unknown paths under /v1/admin/ authenticate too, so a stranger cannot map the admin routes.
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.is404 || !request.url.startsWith(ADMIN_PREFIX)) return done();
    guard(request, reply).then(() => done(), done);
  });
}

type RouteOptionsSchema = import('fastify').RouteOptions['schema'];
