// One declaration per project API route (spec 4): path, permissions, schemas, documentation and a
// thin handler. The repeated shape (permission preHandler, OpenAPI security fragment, params typing,
// status code, 204 for "nothing to return"; who may call it: an API key or a team session whose role
// grants the permissions, docs/operators.md) lives here once, so route files list only what differs
// and a later change to how project routes authenticate is made in one place.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Static, TSchema } from 'typebox';
import type { AppContext } from '../context.js';
import type { Permission } from '../../shared/permissions.js';
import { requireApiKey } from './auth/api-key.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** What a handler receives for a schema (undefined when the route declares none). */
export type In<S> = S extends TSchema ? Static<S> : undefined;

export interface ProjectRoute<Params extends TSchema, Query extends TSchema | undefined, Body extends TSchema | undefined> {
  method: Method;
  /** Path below `/v1/projects/:project_id`, e.g. `/snippets/:snippet_id` ('' for the project itself). */
  path: string;
  permissions: readonly Permission[];
  summary: string;
  /** Extra documentation; the required permissions are appended. */
  description?: string;
  tags: string[];
  params: Params;
  querystring?: Query;
  body?: Body;
  /** The success response schema; null answers 204 with no body. */
  response: TSchema | null;
  /** Success status when there is a body (default 200). */
  status?: 200 | 201 | 202;
  /** Largest body for this route in bytes (uploads), instead of the app-wide default. */
  bodyLimit?: number;
  handler(input: { params: In<Params>; query: In<Query>; body: In<Body>; request: FastifyRequest; reply: FastifyReply }): Promise<unknown>;
}

export const PROJECT_BASE = '/v1/projects/:project_id';

/** Registers one project API route on `app` (or on an encapsulated scope, e.g. for a body parser). */
export function projectRoute<Params extends TSchema, Query extends TSchema | undefined = undefined, Body extends TSchema | undefined = undefined>(
  app: FastifyInstance,
  ctx: AppContext,
  route: ProjectRoute<Params, Query, Body>,
): void {
  const status = route.response === null ? 204 : (route.status ?? 200);
  app.route({
    method: route.method,
    url: `${PROJECT_BASE}${route.path}`,
    ...(route.bodyLimit ? { bodyLimit: route.bodyLimit } : {}),
    preHandler: requireApiKey(ctx, route.permissions),
    schema: {
      summary: route.summary,
      tags: route.tags,
      // Security (API key or team session), the permissions and the error responses are added by the
      // project guard (auth/project-guard.ts) for every route under /v1/projects/.
      ...(route.description ? { description: route.description } : {}),
      params: route.params,
      ...(route.querystring ? { querystring: route.querystring } : {}),
      ...(route.body ? { body: route.body } : {}),
      response: { [status]: route.response ?? { type: 'null' } },
    },
    handler: async (request, reply) => {
      const result = await route.handler({
        params: request.params as In<Params>,
        query: request.query as In<Query>,
        body: request.body as In<Body>,
        request,
        reply,
      });
      if (status === 204) return reply.code(204).send();
      reply.code(status);
      return result;
    },
  });
}
