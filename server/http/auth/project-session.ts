// A team-member session on a project route (docs/api.md "Two kinds of caller", docs/operators.md).
// Every project route takes either credential: an API key (spec 5) or the session cookie of a signed-in
// member of the project's organization, whose role grants a set of the same `resource:action`
// permissions (shared/roles.ts). The route's declared permissions are checked against that set exactly
// as against a key's, so routes never name roles.
// The guard (project-guard.ts) picks this path only when the request has no Authorization header and
// carries a session cookie, so a key is always checked as a key. State-changing calls need the CSRF
// header, as on the organization routes. Someone else's project is a 404: no existence leak.
import type { FastifyRequest } from 'fastify';
import type { MemberRole } from '../../../shared/schemas/entities.js';
import { effectivePermissions, type Permission } from '../../../shared/permissions.js';
import { ROLE_PERMISSIONS } from '../../../shared/roles.js';
import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../errors.js';
import { SESSION_COOKIE } from '../../domains/session/service.js';
import { authenticateSession, checkCsrf, type SessionContext } from './session.js';
import { projectIdOf } from './api-key.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Kept for older route declarations: every project route now accepts a team session. */
    sessionRole?: MemberRole;
  }
}

export const wantsSession = (request: FastifyRequest): boolean =>
  request.headers.authorization === undefined && Boolean(request.cookies?.[SESSION_COOKIE]);

const effectiveOfRole = new Map<MemberRole, Set<string>>();
export function rolePermissions(role: MemberRole): Set<string> {
  let set = effectiveOfRole.get(role);
  if (!set) effectiveOfRole.set(role, (set = effectivePermissions(ROLE_PERMISSIONS[role] ?? [])));
  return set;
}

/** Authenticates the session, checks the project is its organization's and the role's permissions; returns the project id. */
export async function authorizeProjectSession(ctx: AppContext, request: FastifyRequest, required: readonly Permission[]): Promise<string> {
  return authorizeSignedIn(ctx, request, await authenticateSession(ctx, request), required);
}

/**
 * The checks after authentication: CSRF, the project is the member's organization's, the role's
 * permissions. Separate so the guard can tell a stranger (no valid session) from a signed-in member
 * it refuses: they count against different rate-limit budgets (project-guard.ts).
 */
export async function authorizeSignedIn(ctx: AppContext, request: FastifyRequest, team: SessionContext, required: readonly Permission[]): Promise<string> {
  checkCsrf(request, team.session);
  const projectId = projectIdOf(request);
  const project = projectId ? await ctx.services.projects.getProject(projectId) : undefined;
  if (!project || project.organization_id !== team.organization.id) throw notFound('project');
  const have = rolePermissions(team.member.role);
  const missing = required.filter((p) => !have.has(p));
  if (missing.length > 0) {
    throw new AppError('insufficient_permissions', `Your role (${team.member.role}) lacks the permissions: ${missing.join(', ')}`, {
      required_permissions: [...required],
      missing_permissions: missing,
      role: team.member.role,
    });
  }
  request.team = team;
  return project.id;
}
