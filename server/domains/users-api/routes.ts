// /v1/projects/{project_id}/users (spec 2.4, 4): list, get, create, patch. Permissions: reads need
// userpool:read; create and patch need userpool:update (spec 5.5 has no userpool:write; update implies
// read, spec 5.4). Users are identified by email, phone or external id, so a create must name at least
// one, and an identity another user of the pool holds is a 409 naming that user. The users are those of
// the project's user pool (spec 2.4), shared with every project that uses the same pool.
import type { RouteModule } from '../../routes.js';
import { requireApiKey } from '../../http/auth/api-key.js';
import {
  CreateUserBody,
  PatchUserBody,
  ProjectParams,
  UserList,
  UserListQuery,
  UserOut,
  UserParams,
} from '../../../shared/schemas/api.js';
import type { User } from '../../../shared/schemas/entities.js';
import { AppError, invalid, notFound } from '../../errors.js';
import type { UserService } from '../users/service.js';
import { paginate, queryPage } from '../conversations-api/paginate.js';
import { canonicalIdentity } from '../users/identity-values.js';
import { cleanUserLabels } from '../users/labels.js';

const tags = ['users'];
export const READ = ['userpool:read'] as const;
export const UPDATE = ['userpool:read', 'userpool:update'] as const;
const IDENTITIES = ['email', 'phone', 'external_id'] as const;

async function holderOf(users: UserService, projectId: string, input: Partial<Record<(typeof IDENTITIES)[number], string | null>>, self?: string) {
  for (const field of IDENTITIES) {
    const value = input[field];
    if (!value) continue;
    const other = await users.findByIdentity(projectId, field, value);
    if (other && other.id !== self) {
      return new AppError('conflict', `Another user of this project's user pool has this ${field}`, { field, user_id: other.id });
    }
  }
  return undefined;
}

export const userApiRoutes: RouteModule = (app, ctx) => {
  const users = ctx.services.users;
  const base = '/v1/projects/:project_id/users';

  app.get(
    base,
    {
      preHandler: requireApiKey(ctx, READ),
      schema: {
        summary: 'List users',
        description: 'Newest first; filter by an exact email, phone or external_id.',
        tags,
        params: ProjectParams,
        querystring: UserListQuery,
        response: { 200: UserList },
      },
    },
    async (request) => {
      const { project_id } = request.params as { project_id: string };
      const q = request.query as UserListQuery;
      let all: User[];
      const field = IDENTITIES.find((f) => q[f] !== undefined);
      if (field) {
        const one = await users.findByIdentity(project_id, field, q[field]!);
        // Several identity filters must all match the one user found by the first.
        all = (one ? [one] : []).filter((u) => IDENTITIES.every((f) => q[f] === undefined || (u[f] !== null && sameIdentity(f, u[f]!, q[f]!))));
      } else {
        // Newest first, read page by page from the store (docs/architecture.md section 7 "Queries").
        const pool = await users.poolOf(project_id);
        return queryPage((query) => ctx.store.collection('users').query(pool, query), q);
      }
      return paginate(all, q);
    },
  );

  app.post(
    base,
    {
      preHandler: requireApiKey(ctx, UPDATE),
      schema: { summary: 'Create a user', tags, params: ProjectParams, body: CreateUserBody, response: { 201: UserOut } },
    },
    async (request, reply) => {
      const { project_id } = request.params as { project_id: string };
      const body = request.body as CreateUserBody;
      if (!IDENTITIES.some((f) => typeof body[f] === 'string' && body[f]!.trim() !== '')) {
        throw invalid('A user is identified by email, phone or external_id: send at least one', [
          { path: 'body', message: 'needs email, phone or external_id' },
        ]);
      }
      const taken = await holderOf(users, project_id, body);
      if (taken) throw taken;
      const user = await users.create(project_id, body.labels ? { ...body, labels: cleanUserLabels(body.labels) } : body);
      reply.code(201).header('Location', `/v1/projects/${project_id}/users/${user.id}`);
      return user;
    },
  );

  app.get(
    `${base}/:user_id`,
    {
      preHandler: requireApiKey(ctx, READ),
      schema: { summary: 'Get a user', tags, params: UserParams, response: { 200: UserOut } },
    },
    async (request) => {
      const { project_id, user_id } = request.params as { project_id: string; user_id: string };
      const user = await users.get(project_id, user_id);
      if (!user) throw notFound('user');
      return user;
    },
  );

  app.patch(
    `${base}/:user_id`,
    {
      preHandler: requireApiKey(ctx, UPDATE),
      schema: {
        summary: 'Update a user',
        description: 'All fields optional; `external_attributes` are merged key by key into the stored ones (spec 4); `labels` replaces the user\'s labels.',
        tags,
        params: UserParams,
        body: PatchUserBody,
        response: { 200: UserOut },
      },
    },
    async (request) => {
      const { project_id, user_id } = request.params as { project_id: string; user_id: string };
      const body = (request.body ?? {}) as PatchUserBody;
      if (!(await users.get(project_id, user_id))) throw notFound('user');
      const taken = await holderOf(users, project_id, body, user_id);
      if (taken) throw taken;
      return users.patch(project_id, user_id, body.labels ? { ...body, labels: cleanUserLabels(body.labels) } : body);
    },
  );
};

const sameIdentity = (field: (typeof IDENTITIES)[number], stored: string, asked: string) => stored === canonicalIdentity(field, asked);
