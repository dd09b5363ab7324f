// Team-member session guard for the organization API `/v1/org/…` (spec 2.1, 5.6; docs/architecture.md section 3).
// Every route under /v1/org/ needs a session unless its config says `public: true` (login). API keys
// are refused there with 403 session_required: keys hold project-level permissions only.
// CSRF: state-changing methods must carry the session's token in X-CSRF-Token (the cookie alone,
// which a browser attaches to cross-site requests, is never enough). Roles are re-read from the stored
// member on every request, so a demotion or removal applies at once.
//
// Roles (decision, documented in docs/api.md):
//   owner  – everything, including plan/billing changes and granting or revoking the owner role;
//   admin  – API keys (create, reveal, edit, delete), inviting and removing non-owner members,
//            organization settings;
//   member, operator – read-only: organization, team list, projects, API-key masks, billing and usage.
// Inside projects a role is a set of permissions (shared/roles.ts, docs/operators.md).
//
// Rate limits (spec 8): a signed-in member's requests count against their organization's plan budget
// (one bucket per organization, like a project's); a member's refusals (csrf_failed, a role too low)
// against that member's own budget; requests that fail to authenticate and the public routes (login,
// invites, password reset) per client address at the Standard figures. Every response under /v1/org
// carries the X-RateLimit-* headers of the bucket it counted in.
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Member, MemberRole, Organization } from '../../../shared/schemas/entities.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { SESSION_COOKIE, safeEqual, type Session } from '../../domains/session/service.js';
import { sessionErrorResponses } from './openapi-errors.js';
import { countRequest } from '../rate-limit/count.js';
import { ANONYMOUS_LIMITS, limitsFor } from '../rate-limit/plans.js';

export const ORG_PREFIX = '/v1/org';
// Operators rank with members on the organization routes: their extra powers are project permissions
// (shared/roles.ts), not organization administration.
const RANK: Record<MemberRole, number> = { member: 0, operator: 0, admin: 1, owner: 2 };
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface SessionContext {
  session: Session;
  member: Member;
  organization: Organization;
}

declare module 'fastify' {
  interface FastifyRequest {
    team?: SessionContext;
  }
  interface FastifyInstance {
    /** Every route under /v1/org with the role it needs (filled by onRoute; tests and docs read it). */
    orgRoutes: OrgRoute[];
  }
  interface FastifyContextConfig {
    /** An /v1/org route reachable without a session (login). */
    public?: boolean;
    /** Lowest team role allowed on this org route (default: member). */
    role?: MemberRole;
  }
}

export const hasRole = (member: Pick<Member, 'role'>, role: MemberRole) => RANK[member.role] >= RANK[role];

export async function authenticateSession(ctx: AppContext, request: FastifyRequest): Promise<SessionContext> {
  if (request.headers.authorization !== undefined) {
    throw new AppError(
      'session_required',
      'Organization routes need a signed-in team member; API keys work only on /v1/projects/{project_id}/… (spec 5.6)',
    );
  }
  const session = await ctx.services.sessions.lookup(request.cookies?.[SESSION_COOKIE]);
  if (!session) throw new AppError('unauthorized', 'Sign in first: no valid session (POST /v1/org/login)');
  const members = await ctx.services.org.listMembers(session.organization_id);
  const member = members.find((m) => m.id === session.member_id);
  const organization = await ctx.services.org.getOrganization(session.organization_id);
  if (!member || !organization) {
    await ctx.services.sessions.destroy(session);
    throw new AppError('unauthorized', 'This session is no longer valid; sign in again');
  }
  // A temporary password (an invite) opens only the way to replace it, and signing out.
  if (member.must_change_password && !PASSWORD_CHANGE_ROUTES.has(`${request.method} ${request.url.split('?')[0]}`)) {
    throw new AppError('password_change_required', 'Change your temporary password first: POST /v1/org/me/password {current_password, new_password}');
  }
  return { session, member, organization };
}

const PASSWORD_CHANGE_ROUTES = new Set(['GET /v1/org/me', 'POST /v1/org/me/password', 'POST /v1/org/logout', 'POST /v1/org/me/sign-out-everywhere']);

export function checkCsrf(request: FastifyRequest, session: Session): void {
  if (SAFE_METHODS.has(request.method)) return;
  const sent = request.headers['x-csrf-token'];
  if (typeof sent !== 'string' || !safeEqual(sent, session.csrf_token)) {
    throw new AppError('csrf_failed', 'Missing or wrong X-CSRF-Token header (the token comes with login and GET /v1/org/me)');
  }
}

/** onRequest/preHandler for any route that needs a team member (usable outside /v1/org/ too). */
export function requireSession(ctx: AppContext, role: MemberRole = 'member') {
  return async function sessionHook(request: FastifyRequest, _reply: FastifyReply) {
    if (!request.team) {
      const team = await authenticateSession(ctx, request);
      checkCsrf(request, team.session);
      request.team = team;
    }
    checkRole(request.team.member, role);
  };
}

function checkRole(member: Member, role: MemberRole): void {
  if (!hasRole(member, role)) throw new AppError('forbidden', `This needs the ${role} role; you are ${member.role}`, { required_role: role });
}

export interface OrgRoute {
  method: string;
  url: string;
  role: MemberRole | 'public';
}

export function registerSessionGuard(app: FastifyInstance, ctx: AppContext): void {
  app.decorate('orgRoutes', [] as OrgRoute[]);
  // The limiter the project guard decorated (it registers first, in the same access module).
  const count = (reply: FastifyReply, bucket: string, limits: Parameters<typeof countRequest>[3]) => countRequest(app.rateLimiter, reply, bucket, limits);

  async function guard(request: FastifyRequest, reply: FastifyReply, role: MemberRole) {
    let team;
    try {
      team = await authenticateSession(ctx, request);
    } catch (err) {
      await count(reply, `addr:${request.ip}`, ANONYMOUS_LIMITS); // a 429 here replaces the 401
      throw err;
    }
    try {
      checkCsrf(request, team.session);
      checkRole(team.member, role);
    } catch (err) {
      await count(reply, `member:${team.member.id}`, limitsFor(team.organization));
      throw err;
    }
    await count(reply, `org:${team.organization.id}`, limitsFor(team.organization));
    request.team = team;
  }

  app.addHook('onRoute', (route) => {
    if (route.url !== ORG_PREFIX && !route.url.startsWith(`${ORG_PREFIX}/`)) return;
    if (route.method !== 'HEAD') {
      const role = route.config?.public ? 'public' : (route.config?.role ?? 'member');
      for (const method of [route.method].flat()) app.orgRoutes.push({ method, url: route.url, role });
    }
    const existing = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    if (route.config?.public) {
      const publicHook: onRequestAsyncHookHandler = (request, reply) => count(reply, `addr:${request.ip}`, ANONYMOUS_LIMITS);
      route.onRequest = [publicHook, ...existing];
      return;
    }
    const role = route.config?.role ?? 'member';
    const hook: onRequestAsyncHookHandler = (request, reply) => guard(request, reply, role);
    route.onRequest = [hook, ...existing];
    if (route.method === 'HEAD' || route.schema?.hide) return;
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    route.schema = {
      ...schema,
      security: [{ session: [] }],
      'x-required-role': role,
      description: [schema.description, `Team-member session (cookie) with role ${role} or higher; state-changing calls need X-CSRF-Token. API keys get 403 session_required. Rate limited per organization (X-RateLimit-* headers on every response).`]
        .filter(Boolean)
        .join('\n\n'),
      response: { ...sessionErrorResponses(route.method), ...((schema.response as object) ?? {}) },
    } as typeof route.schema;
  });
}
