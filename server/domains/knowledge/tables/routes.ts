// REST routes for search tables under /v1/projects/:project_id/tables (spec 2.9, permissions spec 5:
// table:read for reads and queries, table:write for changes). Thin: validate, call the service.
import type { RouteModule } from '../../../routes.js';
import { projectRoute } from '../../../http/project-route.js';
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
const table = '/tables/:table_id';

export const searchTableRoutes: RouteModule = (app, ctx) => {
  const tables = ctx.services.tables;

  projectRoute(app, ctx, {
    method: 'GET', path: '/tables', permissions: READ, tags, summary: 'List search tables',
    params: ProjectParams, querystring: ListQuery, response: TableList,
    handler: ({ params, query }) => tables.list(params.project_id, query as { limit?: number; starting_after?: string }),
  });

  projectRoute(app, ctx, {
    method: 'POST', path: '/tables', permissions: WRITE, tags, status: 201, bodyLimit: TABLE_UPLOAD_LIMIT,
    summary: 'Upload a search table (CSV, JSON array or JSONL)',
    params: ProjectParams, body: CreateTableBody, response: SearchTableSchema,
    handler: ({ params, body }) => tables.create(params.project_id, body as never),
  });

  projectRoute(app, ctx, {
    method: 'GET', path: table, permissions: READ, tags, summary: 'Get a search table',
    params: TableParams, response: SearchTableSchema,
    handler: ({ params }) => tables.get(params.project_id, params.table_id),
  });

  projectRoute(app, ctx, {
    method: 'PATCH', path: table, permissions: WRITE, tags, summary: 'Rename a table or change its searchable, filter and range fields',
    params: TableParams, body: UpdateTableBody, response: SearchTableSchema,
    handler: ({ params, body }) => tables.update(params.project_id, params.table_id, body as never),
  });

  projectRoute(app, ctx, {
    method: 'PUT', path: `${table}/data`, permissions: WRITE, tags, bodyLimit: TABLE_UPLOAD_LIMIT, summary: "Replace a table's rows with a new file",
    params: TableParams, body: ReplaceDataBody, response: SearchTableSchema,
    handler: ({ params, body }) => tables.replaceData(params.project_id, params.table_id, body as never),
  });

  projectRoute(app, ctx, {
    method: 'DELETE', path: table, permissions: WRITE, tags, summary: 'Delete a search table',
    params: TableParams, response: null,
    handler: ({ params }) => tables.remove(params.project_id, params.table_id),
  });

  projectRoute(app, ctx, {
    method: 'POST', path: `${table}/query`, permissions: READ, tags, summary: 'Query a table: text over searchable fields, equality filters, ranges',
    params: TableParams, body: QueryBody, response: QueryResult,
    handler: ({ params, body }) => tables.query(params.project_id, params.table_id, body as TableQuery),
  });

  projectRoute(app, ctx, {
    method: 'PUT', path: `${table}/attachment`, permissions: WRITE, tags,
    summary: "Attach the table to the project's profile as a tool with a custom name and description",
    params: TableParams, body: AttachBody, response: SearchTableSchema,
    handler: ({ params, body }) => tables.attach(params.project_id, params.table_id, body as { name: string; description: string }),
  });

  projectRoute(app, ctx, {
    method: 'DELETE', path: `${table}/attachment`, permissions: WRITE, tags, summary: 'Detach the table from the profile',
    params: TableParams, response: SearchTableSchema,
    handler: ({ params }) => tables.detach(params.project_id, params.table_id),
  });
};
