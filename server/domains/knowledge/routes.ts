// REST routes for data providers and their sync (spec 2.11, 4), under /v1/projects/:project_id.
// Permissions (spec 5): reads need knowledge:read; changes need knowledge:write; sync needs both, as
// spec 4 lists. Thin handlers: validate, call one service method, return.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { RouteModule } from '../../routes.js';
import { invalid } from '../../errors.js';
import { projectRoute } from '../../http/project-route.js';
import {
  CreateProviderBody,
  DataProviderSchema,
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
import { createAudienceService } from '../audiences/service.js';
import { knowledgeTestRoutes } from './routes-test.js';
import { knowledgeGapRoutes } from './gaps/routes.js';
import './demo.js';

export const READ = ['knowledge:read'] as const;
export const WRITE = ['knowledge:write'] as const;
export const SYNC = ['knowledge:read', 'knowledge:write'] as const;
/** `?name=` labels an uploaded archive (shown in the provider's `wiki.archive_name`). */
const ArchiveQuery = Type.Object({ name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })) }, { additionalProperties: false });

/** Largest uploaded wiki archive. */
export const ARCHIVE_LIMIT = 64 * 1024 * 1024;
const tags = ['knowledge'];
const providers = '/data-providers';
const provider = `${providers}/:data_provider_id`;

export const knowledgeRoutes: RouteModule = async (app, ctx) => {
  const k = ctx.services.knowledge;
  // A default audience must name an audience of the project (spec 2.8, 2.11).
  const audiences = createAudienceService(ctx.store);
  const audience = (projectId: string, id: string | null | undefined) => audiences.assertExists(projectId, id, 'default_audience_id');

  projectRoute(app, ctx, {
    method: 'GET', path: providers, permissions: READ, tags, summary: 'List data providers',
    params: ProjectParams, querystring: ListQuery, response: ProviderList,
    handler: ({ params, query }) => k.listProviders(params.project_id, query as never),
  });

  projectRoute(app, ctx, {
    method: 'POST', path: providers, permissions: WRITE, tags, status: 201,
    summary: 'Create a data provider (manual snippets, web crawler or wiki)',
    description: 'A crawler needs `crawler.start_urls` and/or `crawler.sitemap_url`; a wiki needs `wiki.folder_path` (inside an allowed import folder) or an uploaded archive. Nothing is fetched until you sync.',
    params: ProjectParams, body: CreateProviderBody, response: DataProviderSchema,
    handler: async ({ params, body }) => (await audience(params.project_id, body.default_audience_id), k.createProvider(params.project_id, body as CreateProviderBody)),
  });

  projectRoute(app, ctx, {
    method: 'GET', path: provider, permissions: READ, tags, summary: 'Get a data provider',
    params: ProviderParams, response: DataProviderSchema,
    handler: ({ params }) => k.getProvider(params.project_id, params.data_provider_id),
  });

  projectRoute(app, ctx, {
    method: 'PATCH', path: provider, permissions: WRITE, tags, summary: 'Update a data provider',
    description: 'Changed settings apply at the next sync. A new default audience applies to sources created afterwards.',
    params: ProviderParams, body: UpdateProviderBody, response: DataProviderSchema,
    handler: async ({ params, body }) => (await audience(params.project_id, body.default_audience_id), k.updateProvider(params.project_id, params.data_provider_id, body as UpdateProviderBody)),
  });

  projectRoute(app, ctx, {
    method: 'DELETE', path: provider, permissions: WRITE, tags, summary: 'Delete a data provider with its sources and chunks',
    params: ProviderParams, response: null,
    handler: ({ params }) => k.deleteProvider(params.project_id, params.data_provider_id),
  });

  // The archive is the zip file itself (Content-Type: application/zip); the parser is scoped to
  // this plugin so no other route accepts zip bodies.
  await app.register(async (scope: FastifyInstance) => {
    scope.addContentTypeParser(['application/zip', 'application/octet-stream'], { parseAs: 'buffer', bodyLimit: ARCHIVE_LIMIT }, (_req, body, done) => done(null, body));
    projectRoute(scope, ctx, {
      method: 'PUT', path: `${provider}/archive`, permissions: WRITE, tags, bodyLimit: ARCHIVE_LIMIT,
      summary: 'Upload a wiki export (zip of Markdown or HTML pages)',
      description: 'Send the zip as the raw body with `Content-Type: application/zip`; `?name=` labels it. Replaces an earlier upload; sync to import it.',
      params: ProviderParams, querystring: ArchiveQuery, response: DataProviderSchema,
      handler: ({ params, query, request }) => {
        if (!Buffer.isBuffer(request.body) || request.body.length === 0) throw invalid('Send the zip file as the body with Content-Type: application/zip');
        const name = String(query.name ?? 'archive.zip').slice(0, 200);
        return k.uploadArchive(params.project_id, params.data_provider_id, name, new Uint8Array(request.body));
      },
    });
  });

  projectRoute(app, ctx, {
    method: 'POST', path: `${provider}/sync`, permissions: SYNC, tags, status: 202,
    summary: 'Start a sync of a data provider',
    description: 'Starts a background job and answers 202 at once with it. Poll `GET …/sync-jobs/{job_id}` for progress. ' +
      'Incremental: unchanged pages are kept as they are, changed ones re-indexed, vanished ones removed. ' +
      'A sync while one runs is a 409 `sync_in_progress` naming the running `job_id`.',
    params: ProviderParams, response: SyncJobSchema,
    handler: ({ params }) => k.startSync(params.project_id, params.data_provider_id),
  });

  projectRoute(app, ctx, {
    method: 'GET', path: `${provider}/sync-jobs`, permissions: READ, tags, summary: 'List the sync jobs of a data provider',
    params: ProviderParams, querystring: ListQuery, response: SyncJobList,
    handler: ({ params, query }) => k.listSyncJobs(params.project_id, params.data_provider_id, query as never),
  });

  projectRoute(app, ctx, {
    method: 'GET', path: `${provider}/sync-jobs/:job_id`, permissions: READ, tags, summary: 'Get a sync job: status, progress and failures',
    params: JobParams, response: SyncJobSchema,
    handler: ({ params }) => k.getSyncJob(params.project_id, params.data_provider_id, params.job_id),
  });

  await contentRoutes(app, ctx);
  await knowledgeTestRoutes(app, ctx);
  await knowledgeGapRoutes(app, ctx);
};
