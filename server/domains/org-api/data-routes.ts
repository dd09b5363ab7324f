// Organization data rules (docs/api.md "Organization settings"): the retention dry run and the
// erasure of one user on request, with its audit log. Admins and owners only: these delete data.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { ErasureBody, ErasureList, ErasureRecord, RetentionPreview } from '../../../shared/schemas/org-settings.js';
import { ErrorSchema } from '../../../shared/schemas/api.js';
import { createRetention, startRetentionJob } from '../org/retention.js';
import { eraseUser, listErasures } from '../org/erasure.js';

const tags = ['organization'];

export function orgDataRoutes(app: FastifyInstance, ctx: AppContext): void {
  const retention = createRetention(ctx);
  startRetentionJob(ctx, retention);

  app.get(
    '/v1/org/retention',
    {
      config: { role: 'admin' },
      schema: { summary: 'Dry run of data retention: how many conversations the next daily run deletes', tags, response: { 200: RetentionPreview } },
    },
    async (request) => {
      const org = request.team!.organization;
      const { cutoff, items } = await retention.due(org);
      return { retention_days: org.settings?.retention_days ?? null, due_conversations: items.length, cutoff: cutoff === null ? null : new Date(cutoff).toISOString() };
    },
  );

  app.post(
    '/v1/org/erasures',
    {
      config: { role: 'admin' },
      schema: {
        summary: 'Erase one user on request: their conversations, messages, files, sessions and identifiers',
        description: 'Irreversible. Covers every project sharing the user pool. The audit log keeps ids and counts, never the person’s data.',
        tags,
        body: ErasureBody,
        response: { 201: ErasureRecord, 404: { ...ErrorSchema, description: 'not_found: no such project in this organization, or no such user' } },
      },
    },
    async (request, reply) => {
      const { project_id, user_id } = request.body as ErasureBody;
      const team = request.team!;
      const record = await eraseUser(ctx, { organizationId: team.organization.id, projectId: project_id, userId: user_id, memberId: team.member.id });
      reply.code(201);
      return record;
    },
  );

  app.get(
    '/v1/org/erasures',
    { config: { role: 'admin' }, schema: { summary: 'The audit log of erasures, newest first', tags, response: { 200: ErasureList } } },
    async (request) => ({ data: await listErasures(ctx, request.team!.organization.id) }),
  );
}
