// The standard routes over one kind of project resource (list, create, get, change, delete, and a
// reorder where order matters), declared once. Triggers, Unitools, MCP servers, guidance rules,
// procedures, audiences, labels, profiles and simulation suites all answer the same shapes: reads need
// the read permission, changes the write permission, creation answers 201 and deletion 204, a list is
// `{ data }`. Route files name only what differs (path, schemas, permissions, docs, the service
// function behind each), and each route is still one `projectRoute`, so its OpenAPI entry (the
// operationId comes from the summary), guard, error responses and idempotency are as before.
import type { FastifyInstance } from 'fastify';
import type { Static, TSchema } from 'typebox';
import type { AppContext } from '../context.js';
import type { Permission } from '../../shared/permissions.js';
import { ProjectParams } from '../../shared/schemas/api.js';
import { projectRoute, type In } from './project-route.js';

/** The summary (the operationId is derived from it) and the extra documentation of one route. */
interface Doc {
  summary: string;
  description?: string;
}

export interface ProjectCrud<Params extends TSchema, Query extends TSchema | undefined, Create extends TSchema, Patch extends TSchema, Order extends TSchema> {
  /** The collection below `/v1/projects/:project_id`, e.g. `/triggers`; one item is `${path}/:${id}`. */
  path: string;
  /** The item's path parameter; `params` must declare it beside `project_id`. */
  id: Exclude<keyof Static<Params>, 'project_id'> & string;
  /** Path parameters of the item routes (the collection routes take the project's alone). */
  params: Params;
  /** What get, create and update answer. */
  item: TSchema;
  tags: string[];
  /** Needed by list and get. */
  read: readonly Permission[];
  /** Needed by create, reorder, update and delete. */
  write: readonly Permission[];
  /** Answers `{ data: run(…) }`. */
  list: Doc & { response: TSchema; querystring?: Query; run(projectId: string, query: In<Query>): Promise<unknown[]> };
  create?: Doc & { body: Create; run(projectId: string, body: Static<Create>): Promise<unknown> };
  /** `POST ${path}/reorder` for collections whose order matters (triggers run, rules apply in it); answers the list. */
  reorder?: Doc & { body: Order; run(projectId: string, body: Static<Order>): Promise<unknown[]> };
  get?: Doc & { run(projectId: string, id: string): Promise<unknown> };
  update?: Doc & { body: Patch; run(projectId: string, id: string, body: Static<Patch>): Promise<unknown> };
  /** Answers 204. */
  remove?: Doc & { run(projectId: string, id: string): Promise<unknown> };
}

/** Registers the routes `crud` declares, in the order list, create, reorder, get, update, delete. */
export function projectCrudRoutes<
  Params extends TSchema,
  Query extends TSchema | undefined = undefined,
  Create extends TSchema = TSchema,
  Patch extends TSchema = TSchema,
  Order extends TSchema = TSchema,
>(app: FastifyInstance, ctx: AppContext, crud: ProjectCrud<Params, Query, Create, Patch, Order>): void {
  const { path, tags, params, item, read, write, list, create, reorder, get, update, remove } = crud;
  const itemPath = `${path}/:${crud.id}`;
  // The params are validated against `params`, which declares both names.
  const ids = (p: unknown): [projectId: string, id: string] => {
    const values = p as Record<string, string>;
    return [values.project_id, values[crud.id]];
  };
  const docs = (d: Doc) => ({ summary: d.summary, ...(d.description ? { description: d.description } : {}) });

  projectRoute(app, ctx, {
    method: 'GET', path, permissions: read, tags, ...docs(list), params: ProjectParams, querystring: list.querystring, response: list.response,
    handler: async ({ params: p, query }) => ({ data: await list.run(p.project_id, query) }),
  });
  if (create) {
    projectRoute(app, ctx, {
      method: 'POST', path, permissions: write, tags, ...docs(create), params: ProjectParams, body: create.body, response: item, status: 201,
      handler: ({ params: p, body }) => create.run(p.project_id, body as Static<Create>),
    });
  }
  if (reorder) {
    projectRoute(app, ctx, {
      method: 'POST', path: `${path}/reorder`, permissions: write, tags, ...docs(reorder), params: ProjectParams, body: reorder.body, response: list.response,
      handler: async ({ params: p, body }) => ({ data: await reorder.run(p.project_id, body as Static<Order>) }),
    });
  }
  if (get) {
    projectRoute(app, ctx, {
      method: 'GET', path: itemPath, permissions: read, tags, ...docs(get), params, response: item,
      handler: ({ params: p }) => get.run(...ids(p)),
    });
  }
  if (update) {
    projectRoute(app, ctx, {
      method: 'PATCH', path: itemPath, permissions: write, tags, ...docs(update), params, body: update.body, response: item,
      handler: ({ params: p, body }) => update.run(...ids(p), body as Static<Patch>),
    });
  }
  if (remove) {
    projectRoute(app, ctx, {
      method: 'DELETE', path: itemPath, permissions: write, tags, ...docs(remove), params, response: null,
      handler: ({ params: p }) => remove.run(...ids(p)),
    });
  }
}
