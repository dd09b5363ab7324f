// Guards every project route `/v1/projects/…` (spec 5, 8): API-key or team-session authentication
// (project-session.ts; the role's permissions from shared/roles.ts stand in for the key's), the rate limit,
// the project scope and the route's permissions, in an onRequest hook so it runs before body parsing
// and validation (a caller without a valid key gets 401, never a 400 that describes the schema).
// Routes are found with an onRoute hook, so routes other modules add later are guarded and listed
// (the table-driven auth test and the OpenAPI document read the same list).
//
// Rate limits count per project (all keys of a project share its organization's plan budget, so
// minting more keys never multiplies the limit). Requests that fail authentication count per client
// address at the Standard figures, so a stranger can neither drain a project's budget nor probe keys
// without limit. A signed-in member's refusals (403, csrf_failed, another organization's 404) are not
// a stranger's: they count against that member's own budget at their organization's plan figures, so
// they never turn into 429s for everyone else behind the same address (an office, a NAT).
// X-RateLimit-* headers go on every response under /v1/projects/, errors included.
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler, RouteOptions } from 'fastify';
import type { Permission } from '../../../shared/permissions.js';
import type { AppContext } from '../../context.js';
import type { RateLimiter, RateLimits } from '../rate-limit/types.js';
import { ANONYMOUS_LIMITS, limitsFor } from '../rate-limit/plans.js';
import { countRequest } from '../rate-limit/count.js';
import { registerAddressLimits } from '../rate-limit/address-routes.js';
import { authenticateApiKey, authorizeApiKey, declaredPermissions, projectIdOf } from './api-key.js';
import { projectErrorResponses } from './openapi-errors.js';
import { authorizeSignedIn, wantsSession } from './project-session.js';
import { authenticateSession } from './session.js';

export const PROJECT_PREFIX = '/v1/projects/';

export interface GuardedRoute {
  method: string;
  url: string;
  permissions: Permission[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route under /v1/projects/ with the permissions it requires (filled by onRoute). */
    projectRoutes: GuardedRoute[];
    rateLimiter: RateLimiter;
  }
  interface FastifyContextConfig {
    /** Permissions a project route requires, as an alternative to `preHandler: requireApiKey(…)`. */
    permissions?: Permission[];
  }
}

const HOOK_NAMES = ['onRequest', 'preParsing', 'preValidation', 'preHandler'] as const;

function hooksOf(route: RouteOptions, name: (typeof HOOK_NAMES)[number]): unknown[] {
  const value = (route as unknown as Record<string, unknown>)[name];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

function permissionsOfRoute(route: RouteOptions): Permission[] {
  const found = new Set<Permission>(route.config?.permissions ?? []);
  for (const name of HOOK_NAMES) for (const fn of hooksOf(route, name)) for (const p of declaredPermissions(fn) ?? []) found.add(p);
  return [...found];
}

export function registerProjectGuard(app: FastifyInstance, ctx: AppContext, limiter: RateLimiter): void {
  app.decorate('projectRoutes', [] as GuardedRoute[]);
  app.decorate('rateLimiter', limiter);
  // Signed links outside /v1/projects/ count per address with the same limiter.
  registerAddressLimits(app, limiter);

  async function projectLimits(projectId: string): Promise<RateLimits> {
    const project = await ctx.services.projects.getProject(projectId);
    const org = project ? await ctx.services.org.getOrganization(project.organization_id) : undefined;
    return limitsFor(org);
  }

  const count = (reply: FastifyReply, bucket: string, limits: RateLimits) => countRequest(limiter, reply, bucket, limits);

  async function guard(request: FastifyRequest, reply: FastifyReply, required: readonly Permission[]) {
    if (wantsSession(request)) {
      let team;
      try {
        team = await authenticateSession(ctx, request);
      } catch (err) {
        await count(reply, `addr:${request.ip}`, ANONYMOUS_LIMITS);
        throw err;
      }
      let projectId;
      try {
        projectId = await authorizeSignedIn(ctx, request, team, required);
      } catch (err) {
        await count(reply, `member:${team.member.id}`, limitsFor(team.organization));
        throw err;
      }
      return count(reply, `project:${projectId}`, await projectLimits(projectId));
    }
    let key;
    try {
      key = await authenticateApiKey(ctx, request, reply);
    } catch (err) {
      await count(reply, `addr:${request.ip}`, ANONYMOUS_LIMITS); // a 429 here replaces the 401
      throw err;
    }
    await count(reply, `project:${key.project_id}`, await projectLimits(key.project_id));
    authorizeApiKey(key, projectIdOf(request), required);
    request.apiKey = key;
    request.apiKeyChecked = true;
    ctx.services.apiKeys.touch(key);
  }

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(PROJECT_PREFIX)) return;
    const permissions = permissionsOfRoute(route);
    const hook: onRequestAsyncHookHandler = (request, reply) => guard(request, reply, permissions);
    // The guard enforces what requireApiKey declared, so those hooks need not run a second time.
    const notDeclaring = (name: (typeof HOOK_NAMES)[number]) => hooksOf(route, name).filter((fn) => declaredPermissions(fn) === undefined);
    route.onRequest = [hook, ...(notDeclaring('onRequest') as onRequestAsyncHookHandler[])];
    for (const name of ['preParsing', 'preValidation', 'preHandler'] as const) {
      if (hooksOf(route, name).length === 0) continue;
      const rest = notDeclaring(name);
      (route as unknown as Record<string, unknown>)[name] = rest.length > 0 ? rest : undefined;
    }
    if (route.method === 'HEAD') return;
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      app.projectRoutes.push({ method, url: route.url, permissions });
    }
    if (route.schema?.hide) return;
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    const listed = permissions.map((p) => `\`${p}\``).join(', ') || 'any permission';
    route.schema = {
      ...schema,
      security: [{ apiKey: [] }, { session: [] }],
      'x-required-permissions': permissions,
      description: [
        schema.description,
        `Requires an API key of this project with: ${listed}; or the session cookie of a member of its organization whose role grants them (docs/operators.md; X-CSRF-Token on changes). Rate limited per project (X-RateLimit-* headers on every response).`,
      ]
        .filter((s) => typeof s === 'string' && s !== '' && !s.startsWith('Requires an API key with:'))
        .join('\n\n'),
      response: { ...projectErrorResponses(route.method), ...((schema.response as object) ?? {}) },
    } as RouteOptions['schema'];
  });

  // Unknown paths under /v1/projects/ still authenticate and count, so every project response carries
  // the rate-limit headers and an unauthenticated caller cannot map the routes.
  // Callback style: this runs on every request, and most are not 404s.
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.is404 || !request.url.startsWith(PROJECT_PREFIX)) return done();
    guard(request, reply, []).then(() => done(), done);
  });
}
