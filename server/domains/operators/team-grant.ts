// What a team-feed connection may do (docs/operators.md "Team feed"): the same checks as any project
// request with the session cookie (http/auth/project-session.ts), run at team.hello and again whenever
// the grant signal concerns the member or the project (http/auth/grant-changes.ts), so a removed,
// signed-out or demoted member loses the feed at once instead of at the next reconnect.
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticateSession, type SessionContext } from '../../http/auth/session.js';
import { rolePermissions } from '../../http/auth/project-session.js';

export type TeamGrant =
  | { ok: true; team: SessionContext; canWrite: boolean }
  /** `session`: no valid session any more; `project`: not this organization's (or deleted); `permission`: the role cannot read. */
  | { ok: false; reason: 'session' | 'project' | 'permission'; error: string; message: string };

/** Re-reads the session, member and role from the store; `projectId` null before team.hello. */
export async function checkTeamGrant(ctx: AppContext, request: FastifyRequest, projectId: string | null): Promise<TeamGrant> {
  let team: SessionContext;
  try {
    team = await authenticateSession(ctx, request);
  } catch {
    return { ok: false, reason: 'session', error: 'unauthorized', message: 'Your session ended (signed out, removed from the team or password changed): sign in again' };
  }
  if (projectId === null) return { ok: true, team, canWrite: false };
  const project = await ctx.services.projects.getProject(projectId);
  if (!project || project.organization_id !== team.organization.id) return { ok: false, reason: 'project', error: 'not_found', message: 'project not found' };
  const perms = rolePermissions(team.member.role);
  if (!perms.has('conversation:read')) {
    return { ok: false, reason: 'permission', error: 'insufficient_permissions', message: `Your role (${team.member.role}) lacks conversation:read` };
  }
  return { ok: true, team, canWrite: perms.has('conversation:write') };
}
