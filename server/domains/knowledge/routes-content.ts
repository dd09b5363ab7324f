// REST routes for manual snippets, sources (list, read, audience, delete), chunks and a search probe (spec 2.11).
import type { RouteModule } from '../../routes.js';
import { projectRoute } from '../../http/project-route.js';
import {
  ChunkList,
  CreateSnippetBody,
  ProjectParams,
  ProviderParams,
  SearchQuery,
  SearchResult,
  SnippetList,
  SnippetListQuery,
  SnippetParams,
  SnippetSchema,
  SourceList,
  SourceListQuery,
  SourceParams,
  SourceSchema,
  UpdateSnippetBody,
  UpdateSourceBody,
} from './api-schemas.js';
import { createAudienceService } from '../audiences/service.js';

const READ = ['knowledge:read'] as const;
const WRITE = ['knowledge:write'] as const;
const tags = ['knowledge'];

export const contentRoutes: RouteModule = (app, ctx) => {
  const k = ctx.services.knowledge;
  // An audience id must name an audience of the project (spec 2.8): a typo would hide the source.
  const audiences = createAudienceService(ctx.store);
  const audience = (projectId: string, id: string | null | undefined) => audiences.assertExists(projectId, id);

  projectRoute(app, ctx, {
    method: 'GET', path: '/snippets', permissions: READ, tags, summary: 'List manual snippets',
    params: ProjectParams, querystring: SnippetListQuery, response: SnippetList,
    handler: ({ params, query }) => k.listSnippets(params.project_id, query as never),
  });

  projectRoute(app, ctx, {
    method: 'POST', path: '/data-providers/:data_provider_id/snippets', permissions: WRITE, tags, status: 201,
    summary: 'Create a manual snippet',
    description: 'Indexed at once (no sync needed). A `question` makes it a direct FAQ answer. The provider must be of type `manual`.',
    params: ProviderParams, body: CreateSnippetBody, response: SnippetSchema,
    handler: async ({ params, body }) => (await audience(params.project_id, body.audience_id), k.createSnippet(params.project_id, params.data_provider_id, body as CreateSnippetBody)),
  });

  projectRoute(app, ctx, {
    method: 'GET', path: '/snippets/:snippet_id', permissions: READ, tags, summary: 'Get a manual snippet',
    params: SnippetParams, response: SnippetSchema,
    handler: ({ params }) => k.getSnippet(params.project_id, params.snippet_id),
  });

  projectRoute(app, ctx, {
    method: 'PATCH', path: '/snippets/:snippet_id', permissions: WRITE, tags, summary: 'Update a manual snippet (re-indexed at once)',
    params: SnippetParams, body: UpdateSnippetBody, response: SnippetSchema,
    handler: async ({ params, body }) => (await audience(params.project_id, body.audience_id), k.updateSnippet(params.project_id, params.snippet_id, body as UpdateSnippetBody)),
  });

  projectRoute(app, ctx, {
    method: 'DELETE', path: '/snippets/:snippet_id', permissions: WRITE, tags, summary: 'Delete a manual snippet',
    params: SnippetParams, response: null,
    handler: ({ params }) => k.deleteSnippet(params.project_id, params.snippet_id),
  });

  projectRoute(app, ctx, {
    method: 'GET', path: '/sources', permissions: READ, tags, summary: 'List knowledge sources',
    description: 'Pages, wiki pages and snippets; a failed source carries its `error`.',
    params: ProjectParams, querystring: SourceListQuery, response: SourceList,
    handler: ({ params, query }) => k.listSources(params.project_id, query as never),
  });

  projectRoute(app, ctx, {
    method: 'GET', path: '/sources/:source_id', permissions: READ, tags, summary: 'Get a knowledge source',
    params: SourceParams, response: SourceSchema,
    handler: ({ params }) => k.getSource(params.project_id, params.source_id),
  });

  projectRoute(app, ctx, {
    method: 'PATCH', path: '/sources/:source_id', permissions: WRITE, tags, summary: "Set a knowledge source's audience",
    description: 'A source keeps its own `audience_id` across re-syncs; new sources inherit the provider default.',
    params: SourceParams, body: UpdateSourceBody, response: SourceSchema,
    handler: async ({ params, body }) => (await audience(params.project_id, body.audience_id), k.updateSource(params.project_id, params.source_id, body as UpdateSourceBody)),
  });

  projectRoute(app, ctx, {
    method: 'DELETE', path: '/sources/:source_id', permissions: WRITE, tags, summary: 'Delete a knowledge source and its chunks',
    description: 'A page the crawler or wiki import still finds returns at the next sync; use `exclude_patterns` to keep it out.',
    params: SourceParams, response: null,
    handler: ({ params }) => k.deleteSource(params.project_id, params.source_id),
  });

  projectRoute(app, ctx, {
    method: 'GET', path: '/sources/:source_id/chunks', permissions: READ, tags, summary: 'Read the indexed chunks of a source',
    params: SourceParams, response: ChunkList,
    handler: ({ params }) => k.listChunks(params.project_id, params.source_id),
  });

  projectRoute(app, ctx, {
    method: 'GET', path: '/knowledge/search', permissions: READ, tags, summary: 'Search the knowledge base (hybrid BM25 + vectors)',
    description: 'What the agent retrieves for a question: passages with their fused score and raw relevance signals.',
    params: ProjectParams, querystring: SearchQuery, response: SearchResult,
    handler: async ({ params, query }) => ({ data: await k.search(params.project_id, query.query, { limit: query.limit }) }),
  });
};
