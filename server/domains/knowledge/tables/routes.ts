// REST routes for search tables under /v1/projects/:project_id/tables (spec 2.9, permissions spec 5:
// table:read for reads and queries, table:write for changes). Thin: validate, call the service.
import { Type } from 'typebox';
import type { RouteModule } from '../../../routes.js';
import { apiKeyDocs, requireApiKey } from '../../../http/auth/api-key.js';
import {
  AttachBody,
  CreateTableBody,
  ListQuery,
  ProjectParams,
  QueryBody,
  QueryResult,
  ReplaceDataBody,
  SearchTableSchema,
  TableList,
  TableParams,
  UpdateTableBody,
} from './schemas.js';
import type { TableQuery } from './query.js';

/** Uploads carry the whole file as text in JSON; larger than the app-wide 1 MB default. */
export const TABLE_UPLOAD_LIMIT = 16 * 1024 * 1024;
const READ = ['table:read'] as const;
const WRITE = ['table:write'] as const;
const tags = ['search tables'];

export const searchTableRoutes: RouteModule = (app, ctx) => {
  const tables = ctx.services.tables;
  const base = '/v1/projects/:project_id/tables';

  app.get(base, {
    preHandler: requireApiKey(ctx, READ),
    schema: { summary: 'List search tables', tags, ...apiKeyDocs(READ), params: ProjectParams, querystring: ListQuery, response: { 200: TableList } },
  }, async (req) => {
    const { project_id } = req.params as { project_id: string };
    return tables.list(project_id, req.query as { limit?: number; starting_after?: string });
  });

  app.post(base, {
    bodyLimit: TABLE_UPLOAD_LIMIT,
    preHandler: requireApiKey(ctx, WRITE),
    schema: {
      summary: 'Upload a search table (CSV, JSON array or JSONL)',
      tags,
      ...apiKeyDocs(WRITE),
      params: ProjectParams,
      body: CreateTableBody,
      response: { 201: SearchTableSchema },
    },
  }, async (req, reply) => {
    const { project_id } = req.params as { project_id: string };
    reply.code(201);
    return tables.create(project_id, req.body as never);
  });

  app.get(`${base}/:table_id`, {
    preHandler: requireApiKey(ctx, READ),
    schema: { summary: 'Get a search table', tags, ...apiKeyDocs(READ), params: TableParams, response: { 200: SearchTableSchema } },
  }, async (req) => {
    const { project_id, table_id } = req.params as { project_id: string; table_id: string };
    return tables.get(project_id, table_id);
  });

  app.patch(`${base}/:table_id`, {
    preHandler: requireApiKey(ctx, WRITE),
    schema: {
      summary: 'Rename a table or change its searchable, filter and range fields',
      tags,
      ...apiKeyDocs(WRITE),
      params: TableParams,
      body: UpdateTableBody,
      response: { 200: SearchTableSchema },
    },
  }, async (req) => {
    const { project_id, table_id } = req.params as { project_id: string; table_id: string };
    return tables.update(project_id, table_id, req.body as never);
  });

  app.put(`${base}/:table_id/data`, {
    bodyLimit: TABLE_UPLOAD_LIMIT,
    preHandler: requireApiKey(ctx, WRITE),
    schema: { summary: "Replace a table's rows with a new file", tags, ...apiKeyDocs(WRITE), params: TableParams, body: ReplaceDataBody, response: { 200: SearchTableSchema } },
  }, async (req) => {
    const { project_id, table_id } = req.params as { project_id: string; table_id: string };
    return tables.replaceData(project_id, table_id, req.body as never);
  });

  app.delete(`${base}/:table_id`, {
    preHandler: requireApiKey(ctx, WRITE),
    schema: { summary: 'Delete a search table', tags, ...apiKeyDocs(WRITE), params: TableParams, response: { 204: Type.Null() } },
  }, async (req, reply) => {
    const { project_id, table_id } = req.params as { project_id: string; table_id: string };
    await tables.remove(project_id, table_id);
    reply.code(204);
    return null;
  });

  app.post(`${base}/:table_id/query`, {
    preHandler: requireApiKey(ctx, READ),
    schema: {
      summary: 'Query a table: text over searchable fields, equality filters, ranges',
      tags,
      ...apiKeyDocs(READ),
      params: TableParams,
      body: QueryBody,
      response: { 200: QueryResult },
    },
  }, async (req) => {
    const { project_id, table_id } = req.params as { project_id: string; table_id: string };
    return tables.query(project_id, table_id, req.body as TableQuery);
  });

  app.put(`${base}/:table_id/attachment`, {
    preHandler: requireApiKey(ctx, WRITE),
    schema: {
      summary: "Attach the table to the project's profile as a tool with a custom name and description",
      tags,
      ...apiKeyDocs(WRITE),
      params: TableParams,
      body: AttachBody,
      response: { 200: SearchTableSchema },
    },
  }, async (req) => {
    const { project_id, table_id } = req.params as { project_id: string; table_id: string };
    return tables.attach(project_id, table_id, req.body as { name: string; description: string });
  });

  app.delete(`${base}/:table_id/attachment`, {
    preHandler: requireApiKey(ctx, WRITE),
    schema: { summary: 'Detach the table from the profile', tags, ...apiKeyDocs(WRITE), params: TableParams, response: { 200: SearchTableSchema } },
  }, async (req) => {
    const { project_id, table_id } = req.params as { project_id: string; table_id: string };
    return tables.detach(project_id, table_id);
  });
};
