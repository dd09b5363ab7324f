// Export routes (spec 4.1, permissions per spec 5 and docs/api.md "Exports"): entity exports need
// export:read plus the read permission of what they export; the full export (personal data) needs
// full_export:read. The signed download link is public on purpose: it is the credential, checked
// at download (links.ts), so it works from an e-mail without a session.
import { createReadStream } from 'node:fs';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { RouteModule } from '../../routes.js';
import { requireApiKey } from '../../http/auth/api-key.js';
import { ErrorSchema, ProjectParams } from '../../../shared/schemas/api.js';
import {
  ConversationExportQuery,
  DownloadParams,
  DownloadQuery,
  ENTITY_EXPORT_ROW_LIMIT,
  FullExportList,
  FullExportParams,
  FullExportSchema,
  SelectedExportBody,
  UserExportQuery,
} from '../../../shared/schemas/exports.js';
import type { EntityExport } from './entity.js';
import { CONTENT_TYPES } from './writers.js';
import { localDate } from './wall-clock.js';
import { orgTimeZoneOf } from '../org/settings-of.js';
import { scheduleRoutes } from './schedule-routes.js';

const tags = ['exports'];
export const CONVERSATION_EXPORT = ['export:read', 'conversation:read'] as const;
export const USER_EXPORT = ['export:read', 'userpool:read'] as const;
export const FULL_EXPORT = ['full_export:read'] as const;

const FILE = {
  description: `The export file, streamed. X-Export-Rows: rows in the file; X-Export-Total: rows the filters matched; X-Export-Truncated: true when the ${ENTITY_EXPORT_ROW_LIMIT}-row cap cut it (the newest rows are kept).`,
  content: {
    'text/csv': { schema: { type: 'string' } },
    'application/x-ndjson': { schema: { type: 'string' } },
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: { type: 'string', format: 'binary' } },
    'text/markdown': { schema: { type: 'string' } },
  },
};

function sendExport(reply: FastifyReply, file: EntityExport) {
  return reply
    .type(file.contentType)
    .header('Content-Disposition', `attachment; filename="${file.filename}"`)
    .header('Cache-Control', 'no-store')
    .header('X-Export-Rows', String(file.rows))
    .header('X-Export-Total', String(file.total))
    .header('X-Export-Truncated', String(file.truncated))
    .send(file.stream);
}

export const exportRoutes: RouteModule = (app, ctx) => {
  const exports = ctx.services.exports;
  const base = '/v1/projects/:project_id/exports';
  const filterNote = 'Same filters as the list route, without paging; newest first, at most 10,000 rows.';

  for (const entity of ['conversations', 'messages'] as const) {
    app.get(
      `${base}/${entity}`,
      {
        preHandler: requireApiKey(ctx, CONVERSATION_EXPORT),
        schema: {
          summary: entity === 'conversations' ? 'Export conversations' : 'Export messages',
          description: `${entity === 'messages' ? 'The messages of the conversations GET …/conversations lists with these filters. ' : ''}${filterNote}`,
          tags,
          params: ProjectParams,
          querystring: ConversationExportQuery,
          response: { 200: FILE },
        },
      },
      async (request, reply) => {
        const { project_id } = request.params as { project_id: string };
        return sendExport(reply, await exports.entity.conversations(project_id, entity, request.query as ConversationExportQuery));
      },
    );
  }

  app.post(
    `${base}/selected`,
    {
      preHandler: requireApiKey(ctx, CONVERSATION_EXPORT),
      schema: {
        summary: 'Export selected conversations',
        description: 'The conversations (or their messages) chosen in the inbox; unknown or hidden ids are skipped.',
        tags,
        params: ProjectParams,
        body: SelectedExportBody,
        response: { 200: FILE },
      },
    },
    async (request, reply) => {
      const { project_id } = request.params as { project_id: string };
      const body = request.body as SelectedExportBody;
      return sendExport(reply, await exports.entity.selected(project_id, body.entity ?? 'conversations', body.conversation_ids, body.format ?? 'csv'));
    },
  );

  app.get(
    `${base}/users`,
    {
      preHandler: requireApiKey(ctx, USER_EXPORT),
      schema: { summary: 'Export users', description: filterNote, tags, params: ProjectParams, querystring: UserExportQuery, response: { 200: FILE } },
    },
    async (request, reply) => {
      const { project_id } = request.params as { project_id: string };
      return sendExport(reply, await exports.entity.users(project_id, request.query as UserExportQuery));
    },
  );

  const full = '/v1/projects/:project_id/full-exports';
  app.post(
    full,
    {
      preHandler: requireApiKey(ctx, FULL_EXPORT),
      schema: {
        summary: 'Request a full data export',
        description:
          'Builds the whole dataset (JSONL, one line per user with their conversations and messages) in the background; poll GET …/full-exports/{export_id}. ' +
          'At most 2 per project in any 24 hours (429 export_limit_reached with retry_after). When ready, a signed link works for 7 days and is e-mailed to the requesting team member when e-mail is configured.',
        tags,
        params: ProjectParams,
        response: { 202: FullExportSchema, 429: { ...ErrorSchema, description: 'export_limit_reached: 2 full exports a day; retry_after says when' } },
      },
    },
    async (request, reply) => {
      const { project_id } = request.params as { project_id: string };
      const member = request.team?.member;
      const requester = member ? { label: member.email, email: member.email } : { label: request.apiKey?.name ?? 'API key', email: null };
      const job = await exports.full.request(project_id, requester).catch((error: unknown) => {
        // The limit's 429 carries Retry-After like the rate limit's, for clients that honour it (spec 7).
        const wait = (error as { extras?: { retry_after?: number } }).extras?.retry_after;
        if (wait) reply.header('Retry-After', String(wait));
        throw error;
      });
      reply.code(202).header('Location', `${full.replace(':project_id', project_id)}/${job.id}`);
      return job;
    },
  );

  app.get(
    full,
    {
      preHandler: requireApiKey(ctx, FULL_EXPORT),
      schema: { summary: 'List full data exports', description: 'The latest 20, newest first, with the daily limit.', tags, params: ProjectParams, response: { 200: FullExportList } },
    },
    async (request) => exports.full.list((request.params as { project_id: string }).project_id),
  );

  app.get(
    `${full}/:export_id`,
    {
      preHandler: requireApiKey(ctx, FULL_EXPORT),
      schema: { summary: 'Get a full data export: status, progress and link', tags, params: FullExportParams, response: { 200: FullExportSchema } },
    },
    async (request) => {
      const { project_id, export_id } = request.params as { project_id: string; export_id: string };
      return exports.full.get(project_id, export_id);
    },
  );

  app.get(
    '/v1/exports/:export_id/download',
    {
      schema: {
        summary: 'Download a full data export',
        description: 'Public: the signed link is the credential. Refused when changed (403 invalid_signature) or after 7 days (410 link_expired).',
        security: [],
        tags,
        params: DownloadParams,
        querystring: DownloadQuery,
        response: {
          200: { description: 'The file: JSONL for a full export, the recurring export\'s format for its runs', content: { 'application/x-ndjson': { schema: Type.String() } } },
          400: { ...ErrorSchema, description: 'invalid_request: the link lacks its expiry or signature' },
          403: { ...ErrorSchema, description: 'invalid_signature' },
          410: { ...ErrorSchema, description: 'link_expired' },
        },
      },
    },
    async (request, reply) => {
      const { export_id } = request.params as { export_id: string };
      const { expires, signature } = request.query as DownloadQuery;
      const { path, job } = await exports.full.open(export_id, expires, signature);
      // The file is named after the export's day on the organization's clock, as entity exports are.
      const day = localDate(Date.parse(job.created_at), await orgTimeZoneOf(ctx, job.project_id));
      return reply
        .type(CONTENT_TYPES[job.format ?? 'jsonl'])
        .header('Content-Disposition', `attachment; filename="${job.kind ?? 'full'}-export-${day}.${job.format ?? 'jsonl'}"`)
        .header('Cache-Control', 'private, no-store')
        .header('Referrer-Policy', 'no-referrer')
        .send(createReadStream(path));
    },
  );

  scheduleRoutes(app, ctx);
};
