// REST routes for manual snippets, sources (list, read, audience, delete), chunks and a search probe (spec 2.11).
import type { RouteModule } from '../../routes.js';
import { apiKeyDocs, requireApiKey } from '../../http/auth/api-key.js';
import {
  ChunkList,
  docs,
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

const READ = ['knowledge:read'] as const;
const WRITE = ['knowledge:write'] as const;
const tags = ['knowledge'];

export const contentRoutes: RouteModule = (app, ctx) => {
  const k = ctx.services.knowledge;
  const project = '/v1/projects/:project_id';

  app.get(`${project}/snippets`, {
    preHandler: requireApiKey(ctx, READ),
    schema: { summary: 'List manual snippets', tags, ...apiKeyDocs(READ), params: ProjectParams, querystring: SnippetListQuery, response: { 200: SnippetList } },
  }, async (req) => k.listSnippets((req.params as { project_id: string }).project_id, req.query as never));

  app.post(`${project}/data-providers/:data_provider_id/snippets`, {
    preHandler: requireApiKey(ctx, WRITE),
    schema: {
      summary: 'Create a manual snippet',
      tags,
      ...docs(WRITE, 'Indexed at once (no sync needed). A `question` makes it a direct FAQ answer. The provider must be of type `manual`.'),
      params: ProviderParams,
      body: CreateSnippetBody,
      response: { 201: SnippetSchema },
    },
  }, async (req, reply) => {
    const { project_id, data_provider_id } = req.params as { project_id: string; data_provider_id: string };
    reply.code(201);
    return k.createSnippet(project_id, data_provider_id, req.body as CreateSnippetBody);
  });

  app.get(`${project}/snippets/:snippet_id`, {
    preHandler: requireApiKey(ctx, READ),
    schema: { summary: 'Get a manual snippet', tags, ...apiKeyDocs(READ), params: SnippetParams, response: { 200: SnippetSchema } },
  }, async (req) => {
    const { project_id, snippet_id } = req.params as { project_id: string; snippet_id: string };
    return k.getSnippet(project_id, snippet_id);
  });

  app.patch(`${project}/snippets/:snippet_id`, {
    preHandler: requireApiKey(ctx, WRITE),
    schema: { summary: 'Update a manual snippet (re-indexed at once)', tags, ...apiKeyDocs(WRITE), params: SnippetParams, body: UpdateSnippetBody, response: { 200: SnippetSchema } },
  }, async (req) => {
    const { project_id, snippet_id } = req.params as { project_id: string; snippet_id: string };
    return k.updateSnippet(project_id, snippet_id, req.body as UpdateSnippetBody);
  });

  app.delete(`${project}/snippets/:snippet_id`, {
    preHandler: requireApiKey(ctx, WRITE),
    schema: { summary: 'Delete a manual snippet', tags, ...apiKeyDocs(WRITE), params: SnippetParams, response: { 204: { type: 'null' } } },
  }, async (req, reply) => {
    const { project_id, snippet_id } = req.params as { project_id: string; snippet_id: string };
    await k.deleteSnippet(project_id, snippet_id);
    reply.code(204).send();
  });

  app.get(`${project}/sources`, {
    preHandler: requireApiKey(ctx, READ),
    schema: {
      summary: 'List knowledge sources',
      tags,
      ...docs(READ, 'Pages, wiki pages and snippets; a failed source carries its `error`.'),
      params: ProjectParams,
      querystring: SourceListQuery,
      response: { 200: SourceList },
    },
  }, async (req) => k.listSources((req.params as { project_id: string }).project_id, req.query as never));

  app.get(`${project}/sources/:source_id`, {
    preHandler: requireApiKey(ctx, READ),
    schema: { summary: 'Get a knowledge source', tags, ...apiKeyDocs(READ), params: SourceParams, response: { 200: SourceSchema } },
  }, async (req) => {
    const { project_id, source_id } = req.params as { project_id: string; source_id: string };
    return k.getSource(project_id, source_id);
  });

  app.patch(`${project}/sources/:source_id`, {
    preHandler: requireApiKey(ctx, WRITE),
    schema: {
      summary: "Set a knowledge source's audience",
      tags,
      ...docs(WRITE, 'A source keeps its own `audience_id` across re-syncs; new sources inherit the provider default.'),
      params: SourceParams,
      body: UpdateSourceBody,
      response: { 200: SourceSchema },
    },
  }, async (req) => {
    const { project_id, source_id } = req.params as { project_id: string; source_id: string };
    return k.updateSource(project_id, source_id, req.body as UpdateSourceBody);
  });

  app.delete(`${project}/sources/:source_id`, {
    preHandler: requireApiKey(ctx, WRITE),
    schema: {
      summary: 'Delete a knowledge source and its chunks',
      tags,
      ...docs(WRITE, 'A page the crawler or wiki import still finds returns at the next sync; use `exclude_patterns` to keep it out.'),
      params: SourceParams,
      response: { 204: { type: 'null' } },
    },
  }, async (req, reply) => {
    const { project_id, source_id } = req.params as { project_id: string; source_id: string };
    await k.deleteSource(project_id, source_id);
    reply.code(204).send();
  });

  app.get(`${project}/sources/:source_id/chunks`, {
    preHandler: requireApiKey(ctx, READ),
    schema: { summary: 'Read the indexed chunks of a source', tags, ...apiKeyDocs(READ), params: SourceParams, response: { 200: ChunkList } },
  }, async (req) => {
    const { project_id, source_id } = req.params as { project_id: string; source_id: string };
    return k.listChunks(project_id, source_id);
  });

  app.get(`${project}/knowledge/search`, {
    preHandler: requireApiKey(ctx, READ),
    schema: {
      summary: 'Search the knowledge base (hybrid BM25 + vectors)',
      tags,
      ...docs(READ, 'What the agent retrieves for a question: passages with their fused score and raw relevance signals.'),
      params: ProjectParams,
      querystring: SearchQuery,
      response: { 200: SearchResult },
    },
  }, async (req) => {
    const { project_id } = req.params as { project_id: string };
    const q = req.query as { query: string; limit?: number };
    return { data: await k.search(project_id, q.query, { limit: q.limit }) };
  });
};
