// REST routes for data providers and their sync (spec 2.11, 4), under /v1/projects/:project_id.
// Permissions (spec 5): reads need knowledge:read; changes need knowledge:write; sync needs both, as
// spec 4 lists. Thin handlers: validate, call one service method, return.
import type { FastifyInstance } from 'fastify';
import type { RouteModule } from '../../routes.js';
import { apiKeyDocs, requireApiKey } from '../../http/auth/api-key.js';
import { invalid } from '../../errors.js';
import {
  CreateProviderBody,
  DataProviderSchema,
  docs,
  JobParams,
  ListQuery,
  ProjectParams,
  ProviderList,
  ProviderParams,
  SyncJobList,
  SyncJobSchema,
  UpdateProviderBody,
} from './api-schemas.js';
import { contentRoutes } from './routes-content.js';
import { Type } from 'typebox';
import './demo.js';

export const READ = ['knowledge:read'] as const;
export const WRITE = ['knowledge:write'] as const;
export const SYNC = ['knowledge:read', 'knowledge:write'] as const;
/** `?name=` labels an uploaded archive (shown in the provider's `wiki.archive_name`). */
const ArchiveQuery = Type.Object({ name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })) }, { additionalProperties: false });

/** Largest uploaded wiki archive. */
export const ARCHIVE_LIMIT = 64 * 1024 * 1024;
const tags = ['knowledge'];

type P = { project_id: string; data_provider_id: string };

export const knowledgeRoutes: RouteModule = async (app, ctx) => {
  const k = ctx.services.knowledge;
  const base = '/v1/projects/:project_id/data-providers';

  app.get(base, {
    preHandler: requireApiKey(ctx, READ),
    schema: { summary: 'List data providers', tags, ...apiKeyDocs(READ), params: ProjectParams, querystring: ListQuery, response: { 200: ProviderList } },
  }, async (req) => k.listProviders((req.params as P).project_id, req.query as never));

  app.post(base, {
    preHandler: requireApiKey(ctx, WRITE),
    schema: {
      summary: 'Create a data provider (manual snippets, web crawler or wiki)',
      tags,
      ...docs(WRITE, 'A crawler needs `crawler.start_urls` and/or `crawler.sitemap_url`; a wiki needs `wiki.folder_path` (inside an allowed import folder) or an uploaded archive. Nothing is fetched until you sync.'),
      params: ProjectParams,
      body: CreateProviderBody,
      response: { 201: DataProviderSchema },
    },
  }, async (req, reply) => {
    reply.code(201);
    return k.createProvider((req.params as P).project_id, req.body as CreateProviderBody);
  });

  app.get(`${base}/:data_provider_id`, {
    preHandler: requireApiKey(ctx, READ),
    schema: { summary: 'Get a data provider', tags, ...apiKeyDocs(READ), params: ProviderParams, response: { 200: DataProviderSchema } },
  }, async (req) => {
    const { project_id, data_provider_id } = req.params as P;
    return k.getProvider(project_id, data_provider_id);
  });

  app.patch(`${base}/:data_provider_id`, {
    preHandler: requireApiKey(ctx, WRITE),
    schema: {
      summary: 'Update a data provider',
      tags,
      ...docs(WRITE, 'Changed settings apply at the next sync. A new default audience applies to sources created afterwards.'),
      params: ProviderParams,
      body: UpdateProviderBody,
      response: { 200: DataProviderSchema },
    },
  }, async (req) => {
    const { project_id, data_provider_id } = req.params as P;
    return k.updateProvider(project_id, data_provider_id, req.body as UpdateProviderBody);
  });

  app.delete(`${base}/:data_provider_id`, {
    preHandler: requireApiKey(ctx, WRITE),
    schema: { summary: 'Delete a data provider with its sources and chunks', tags, ...apiKeyDocs(WRITE), params: ProviderParams, response: { 204: { type: 'null' } } },
  }, async (req, reply) => {
    const { project_id, data_provider_id } = req.params as P;
    await k.deleteProvider(project_id, data_provider_id);
    reply.code(204).send();
  });

  // The archive is the zip file itself (Content-Type: application/zip); the parser is scoped to
  // this plugin so no other route accepts zip bodies.
  await app.register(async (scope: FastifyInstance) => {
    scope.addContentTypeParser(['application/zip', 'application/octet-stream'], { parseAs: 'buffer', bodyLimit: ARCHIVE_LIMIT }, (_req, body, done) => done(null, body));
    scope.put(`${base}/:data_provider_id/archive`, {
      bodyLimit: ARCHIVE_LIMIT,
      preHandler: requireApiKey(ctx, WRITE),
      schema: {
        summary: 'Upload a wiki export (zip of Markdown or HTML pages)',
        tags,
        ...docs(WRITE, 'Send the zip as the raw body with `Content-Type: application/zip`; `?name=` labels it. Replaces an earlier upload; sync to import it.'),
        params: ProviderParams,
        querystring: ArchiveQuery,
        response: { 200: DataProviderSchema },
      },
    }, async (req) => {
      const { project_id, data_provider_id } = req.params as P;
      if (!Buffer.isBuffer(req.body) || req.body.length === 0) throw invalid('Send the zip file as the body with Content-Type: application/zip');
      const name = String((req.query as { name?: string }).name ?? 'archive.zip').slice(0, 200);
      return k.uploadArchive(project_id, data_provider_id, name, new Uint8Array(req.body));
    });
  });

  app.post(`${base}/:data_provider_id/sync`, {
    preHandler: requireApiKey(ctx, SYNC),
    schema: {
      summary: 'Start a sync of a data provider',
      tags,
      ...docs(SYNC, 'Starts a background job and answers 202 at once with it. Poll `GET …/sync-jobs/{job_id}` for progress. ' +
        'Incremental: unchanged pages are kept as they are, changed ones re-indexed, vanished ones removed. ' +
        'A sync while one runs is a 409 `sync_in_progress` naming the running `job_id`.'),
      params: ProviderParams,
      response: { 202: SyncJobSchema },
    },
  }, async (req, reply) => {
    const { project_id, data_provider_id } = req.params as P;
    reply.code(202);
    return k.startSync(project_id, data_provider_id);
  });

  app.get(`${base}/:data_provider_id/sync-jobs`, {
    preHandler: requireApiKey(ctx, READ),
    schema: { summary: 'List the sync jobs of a data provider', tags, ...apiKeyDocs(READ), params: ProviderParams, querystring: ListQuery, response: { 200: SyncJobList } },
  }, async (req) => {
    const { project_id, data_provider_id } = req.params as P;
    return k.listSyncJobs(project_id, data_provider_id, req.query as never);
  });

  app.get(`${base}/:data_provider_id/sync-jobs/:job_id`, {
    preHandler: requireApiKey(ctx, READ),
    schema: { summary: 'Get a sync job: status, progress and failures', tags, ...apiKeyDocs(READ), params: JobParams, response: { 200: SyncJobSchema } },
  }, async (req) => {
    const { project_id, data_provider_id, job_id } = req.params as P & { job_id: string };
    return k.getSyncJob(project_id, data_provider_id, job_id);
  });

  await contentRoutes(app, ctx);
};
