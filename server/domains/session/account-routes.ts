// The signed-in member's own account (spec 2.1): change the password (a temporary one from an
// invite must be changed before anything else works), and sign out everywhere — every session of
// the member ends, this one included, as after a lost laptop.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context.js';
import { ChangePasswordBody } from '../../../shared/schemas/account.js';
import { SessionOut } from '../../../shared/schemas/api.js';
import { publicMember } from '../org/service.js';
import { SESSION_COOKIE } from './service.js';

const tags = ['session'];

export function accountRoutes(app: FastifyInstance, ctx: AppContext, clearCookie: (reply: FastifyReply) => void): void {
  app.post(
    '/v1/org/me/password',
    {
      schema: {
        summary: 'Change your password',
        description: 'Needs the current password. Your other sessions end; this one stays signed in. Clears a temporary password’s must_change_password.',
        tags,
        body: ChangePasswordBody,
        response: { 200: SessionOut },
      },
    },
    async (request) => {
      const team = request.team!;
      const { current_password, new_password } = request.body as ChangePasswordBody;
      const member = await ctx.services.org.changePassword(team.member, current_password, new_password);
      await ctx.services.sessions.destroyForMember(team.organization.id, member.id, team.session.id);
      return { member: publicMember(member), organization: team.organization, csrf_token: team.session.csrf_token, expires_at: team.session.expires_at };
    },
  );

  app.post(
    '/v1/org/me/sign-out-everywhere',
    { schema: { summary: 'Sign out everywhere (ends every session of yours)', tags, response: { 204: { type: 'null' } } } },
    async (request, reply) => {
      const { organization, member } = request.team!;
      await ctx.services.sessions.destroyForMember(organization.id, member.id);
      clearCookie(reply);
      return reply.code(204).send();
    },
  );
}

