// API-key management over the organization API (spec 2.3, 3.3). Session only; members
// see the list (masks, last use), admins and owners create, reveal, edit and delete. The full key is
// in the create response only; reveal decrypts the sealed copy (master key outside the data files).
// Edits and deletes apply to the very next request: the guard reads the stored key every time.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import {
  CreateApiKeyBody,
  CreatedApiKeyOut,
  PatchApiKeyBody,
  ProjectKeyParams,
  ProjectParams,
  PublicApiKeySchema,
  RevealedKeyOut,
} from '../../../shared/schemas/api.js';
import { AppError, notFound } from '../../errors.js';
import { RevealKeyBody } from '../../../shared/schemas/account.js';
import { verifyPassword } from '../../lib/passwords.js';
import { publicApiKey } from '../apikeys/service.js';

const tags = ['API keys'];

export function apiKeyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const keys = ctx.services.apiKeys;
  const base = '/v1/org/projects/:project_id/api-keys';

  /** The project of the URL, if it belongs to the member's organization (else 404: no existence leak). */
  async function ownProject(request: FastifyRequest): Promise<string> {
    const { project_id } = request.params as { project_id: string };
    const project = await ctx.services.projects.getProject(project_id);
    if (!project || project.organization_id !== request.team!.organization.id) throw notFound('project');
    return project.id;
  }

  async function ownKey(request: FastifyRequest) {
    const projectId = await ownProject(request);
    const { key_id } = request.params as { key_id: string };
    return { projectId, key: await keys.get(projectId, key_id) };
  }

  app.get(
    base,
    { schema: { summary: 'List a project’s API keys (masked)', tags, params: ProjectParams, response: { 200: Type.Object({ data: Type.Array(PublicApiKeySchema) }) } } },
    async (request) => ({ data: (await keys.list(await ownProject(request))).map(publicApiKey).reverse() }),
  );

  app.post(
    base,
    {
      config: { role: 'admin' },
      schema: {
        summary: 'Create an API key (the full key is shown once)',
        description: 'environment defaults to this server’s environment.',
        tags,
        params: ProjectParams,
        body: CreateApiKeyBody,
        response: { 201: CreatedApiKeyOut },
      },
    },
    async (request, reply) => {
      const projectId = await ownProject(request);
      const body = request.body as CreateApiKeyBody;
      const { key, record } = await keys.create(projectId, {
        name: body.name,
        permissions: body.permissions,
        environment: body.environment ?? ctx.config.env,
      });
      reply.code(201);
      return { api_key: publicApiKey(record), key };
    },
  );

  app.get(
    `${base}/:key_id`,
    { schema: { summary: 'Get an API key (masked)', tags, params: ProjectKeyParams, response: { 200: PublicApiKeySchema } } },
    async (request) => publicApiKey((await ownKey(request)).key),
  );

  app.post(
    `${base}/:key_id/reveal`,
    {
      config: { role: 'admin' },
      schema: {
        summary: 'Reveal the full key (re-enter your password)',
        description: 'A wrong password is a 403 `forbidden`, not a 401: the session stays valid.',
        tags,
        params: ProjectKeyParams,
        body: RevealKeyBody,
        response: { 200: RevealedKeyOut },
      },
    },
    async (request) => {
      const { projectId, key } = await ownKey(request);
      const { password } = request.body as RevealKeyBody;
      if (!(await verifyPassword(password, request.team!.member.password_hash))) {
        throw new AppError('forbidden', 'The password is not correct: enter your own sign-in password to reveal the key');
      }
      request.log.info({ key_id: key.id, member_id: request.team!.member.id }, 'API key revealed');
      return { key: await keys.reveal(projectId, key.id) };
    },
  );

  app.patch(
    `${base}/:key_id`,
    {
      config: { role: 'admin' },
      schema: { summary: 'Rename or change permissions (effective on the next request)', tags, params: ProjectKeyParams, body: PatchApiKeyBody, response: { 200: PublicApiKeySchema } },
    },
    async (request) => {
      const { projectId, key } = await ownKey(request);
      return publicApiKey(await keys.update(projectId, key.id, request.body as { name?: string; permissions?: string[] }));
    },
  );

  app.delete(
    `${base}/:key_id`,
    { config: { role: 'admin' }, schema: { summary: 'Delete an API key (immediate and permanent)', tags, params: ProjectKeyParams, response: { 204: { type: 'null' } } } },
    async (request, reply) => {
      const { projectId, key } = await ownKey(request);
      await keys.remove(projectId, key.id);
      return reply.code(204).send();
    },
  );
}
