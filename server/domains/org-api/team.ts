// Team management (spec 2.1): list, invite, change role, remove. Decisions:
// - An invite creates the member at once with the given password or a generated temporary one,
//   shown once in the response for the admin to hand over, or with a single-use link, shown once
//   and also e-mailed to the member when this server sends e-mail (SMTP_URL).
// - Admins manage members and admins; only an owner grants, changes or removes the owner role.
// - The last owner can be neither demoted nor removed. A removal ends the member's sessions (signed
//   out at once); a role change keeps them, as roles are re-read on every request, and open team
//   feeds and streams re-check on the grant signal (http/auth/grant-changes.ts).
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { InviteMemberBody, InvitedMemberOut, MemberParams, PatchMemberBody, PublicMemberSchema } from '../../../shared/schemas/api.js';
import type { Member, MemberRole } from '../../../shared/schemas/entities.js';
import { AppError, conflict, notFound } from '../../errors.js';
import { publicMember } from '../org/service.js';
import { randomToken } from '../../lib/ids.js';
import { hasRole } from '../../http/auth/session.js';
import { inviteLink } from '../session/invites.js';
import { appUrls } from '../widget/urls.js';
import { grantChanged } from '../../http/auth/grant-changes.js';
import { sendInvite } from '../mail/invite-mail.js';
import { teamLanguage } from '../mail/team-texts.js';

const tags = ['team'];

export function teamRoutes(app: FastifyInstance, ctx: AppContext): void {
  const members = ctx.store.collection('members');
  const { org, sessions } = ctx.services;

  async function target(orgId: string, id: string): Promise<Member> {
    const m = await members.get(orgId, id);
    if (!m) throw notFound('member');
    return m;
  }

  function mayManage(actor: Member, subject: Pick<Member, 'role'>, newRole?: MemberRole) {
    if ((subject.role === 'owner' || newRole === 'owner') && !hasRole(actor, 'owner')) {
      throw new AppError('forbidden', 'Only an owner can grant, change or remove the owner role', { required_role: 'owner' });
    }
  }

  async function assertNotLastOwner(orgId: string, subject: Member) {
    if (subject.role !== 'owner') return;
    const owners = (await members.list(orgId)).filter((m) => m.role === 'owner');
    if (owners.length <= 1) throw conflict('The organization needs at least one owner');
  }

  app.get(
    '/v1/org/members',
    { schema: { summary: 'Team members', tags, response: { 200: Type.Object({ data: Type.Array(PublicMemberSchema) }) } } },
    async (request) => ({ data: (await members.list(request.team!.organization.id)).map(publicMember) }),
  );

  app.post(
    '/v1/org/members',
    { config: { role: 'admin' }, schema: { summary: 'Invite a team member', tags, body: InviteMemberBody, response: { 201: InvitedMemberOut } } },
    async (request, reply) => {
      const body = request.body as { email: string; name?: string; role?: MemberRole; password?: string; invite?: 'link' };
      const role = body.role ?? 'member';
      mayManage(request.team!.member, { role }, role);
      const temporary = body.password ? null : randomToken(12);
      const member = await org.createMember({
        organizationId: request.team!.organization.id,
        email: body.email,
        name: body.name,
        role,
        password: body.password ?? temporary!,
      });
      reply.code(201);
      if (body.invite === 'link') {
        // A single-use link instead: the member sets their own password through it (session/invites.ts).
        const { token, patch } = inviteLink(member);
        const stored = (await members.update(member.organization_id, member.id, (m) => ({ ...m, ...patch }))) ?? member;
        const invite_url = `${appUrls(app).baseUrl}/app/invite#${token}`;
        // With SMTP the link is also e-mailed; the console still shows it (the e-mail may be delayed or filtered).
        const queued = await sendInvite(ctx, request.team!, stored, invite_url, teamLanguage(request.headers['accept-language']));
        return { member: publicMember(stored), temporary_password: null, invite_url, invite_emailed: queued };
      }
      // A temporary password must be replaced at first sign-in (the console forces the screen).
      const stored = temporary ? ((await members.update(member.organization_id, member.id, (m) => ({ ...m, must_change_password: true }))) ?? member) : member;
      return { member: publicMember(stored), temporary_password: temporary };
    },
  );

  app.patch(
    '/v1/org/members/:member_id',
    { config: { role: 'admin' }, schema: { summary: 'Change a member’s role', tags, params: MemberParams, body: PatchMemberBody, response: { 200: PublicMemberSchema } } },
    async (request) => {
      const orgId = request.team!.organization.id;
      const { member_id } = request.params as { member_id: string };
      const { role } = request.body as { role: MemberRole };
      const subject = await target(orgId, member_id);
      mayManage(request.team!.member, subject, role);
      if (role !== 'owner') await assertNotLastOwner(orgId, subject);
      const updated = await members.update(orgId, member_id, (m) => ({ ...m, role }));
      if (!updated) throw notFound('member');
      // Requests re-read the role; the member's open team feed re-checks on this signal (a demoted
      // member can no longer send on it).
      grantChanged({ kind: 'member', organization_id: orgId, member_id });
      return publicMember(updated);
    },
  );

  app.delete(
    '/v1/org/members/:member_id',
    { config: { role: 'admin' }, schema: { summary: 'Remove a member (signed out at once)', tags, params: MemberParams, response: { 204: { type: 'null' } } } },
    async (request, reply) => {
      const orgId = request.team!.organization.id;
      const { member_id } = request.params as { member_id: string };
      const subject = await target(orgId, member_id);
      mayManage(request.team!.member, subject);
      await assertNotLastOwner(orgId, subject);
      await members.delete(orgId, member_id);
      await sessions.destroyForMember(orgId, member_id);
      return reply.code(204).send();
    },
  );
}
