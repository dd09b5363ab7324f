// A team-member session on a project route (docs/api.md, "Two kinds of caller"). Project routes take
// API keys (spec 5); a route whose config names `sessionRole` also takes a signed-in team member of
// the project's organization with at least that role, the way the team console reads a project.
// The guard (project-guard.ts) picks this path only when the request has no Authorization header and
// carries a session cookie, so a key is always checked as a key. Someone else's project is a 404, as
// on the organization routes: no existence leak.
import type { FastifyRequest } from 'fastify';
import type { MemberRole } from '../../../shared/schemas/entities.js';
import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../errors.js';
import { SESSION_COOKIE } from '../../domains/session/service.js';
import { authenticateSession, checkCsrf, hasRole } from './session.js';
import { projectIdOf } from './api-key.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A project route that also accepts a team session with at least this role. */
    sessionRole?: MemberRole;
  }
}

export const wantsSession = (request: FastifyRequest, role: MemberRole | undefined): role is MemberRole =>
  role !== undefined && request.headers.authorization === undefined && Boolean(request.cookies?.[SESSION_COOKIE]);

/** Authenticates the session and checks the project is its organization's; returns the project id. */
export async function authorizeProjectSession(ctx: AppContext, request: FastifyRequest, role: MemberRole): Promise<string> {
  const team = await authenticateSession(ctx, request);
  checkCsrf(request, team.session);
  if (!hasRole(team.member, role)) {
    throw new AppError('forbidden', `This needs the ${role} role; you are ${team.member.role}`, { required_role: role });
  }
  const projectId = projectIdOf(request);
  const project = projectId ? await ctx.services.projects.getProject(projectId) : undefined;
  if (!project || project.organization_id !== team.organization.id) throw notFound('project');
  request.team = team;
  return project.id;
}
