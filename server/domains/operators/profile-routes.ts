// PATCH /v1/org/me: a team member sets the name and avatar the visitor sees with their replies
// (docs/operators.md). An org route: session only (the session guard), any role, CSRF on the change.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { ProfileBody } from '../../../shared/schemas/operators.js';
import { PublicMemberSchema } from '../../../shared/schemas/api.js';
import { publicMember } from '../org/service.js';
import { notFound } from '../../errors.js';

export function registerProfileRoute(app: FastifyInstance, ctx: AppContext) {
  app.patch(
    '/v1/org/me',
    { schema: { summary: 'Change your name or avatar (shown with your replies)', tags: ['team'], body: ProfileBody, response: { 200: PublicMemberSchema } } },
    async (request) => {
      const { member } = request.team!;
      const body = request.body as ProfileBody;
      const updated = await ctx.store.collection('members').update(member.organization_id, member.id, (m) => {
        const next = { ...m, ...(body.name !== undefined ? { name: body.name.trim() } : {}) };
        if (body.avatar_url === null) delete next.avatar_url;
        else if (body.avatar_url !== undefined) next.avatar_url = body.avatar_url;
        return next;
      });
      if (!updated) throw notFound('member');
      return publicMember(updated);
    },
  );
}
