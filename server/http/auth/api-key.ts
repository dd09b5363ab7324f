// Bearer API-key authentication exactly as spec section 5:
//   missing header, missing Bearer word, extra whitespace or line breaks, malformed, unknown or deleted
//   key, key of the other environment → 401 with WWW-Authenticate;
//   key of another project → 403 wrong_project; missing permission → 403 naming what is required.
// The stored record is read on every request, so permission edits and deletes apply at once (spec 3.3).
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ApiKey } from '../../../shared/schemas/entities.js';
import { missingPermissions, type Permission } from '../../../shared/permissions.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    apiKey?: ApiKey;
  }
}

// Exactly one space after "Bearer", the key, nothing else (no trailing whitespace or line breaks).
const HEADER = /^Bearer (sk_(live|test)_[A-Za-z0-9_-]{43})$/;

function unauthorized(reply: FastifyReply, message: string, reason = 'invalid_token'): AppError {
  reply.header('WWW-Authenticate', `Bearer realm="parley", error="${reason}"`);
  return new AppError('unauthorized', message);
}

export async function authenticateApiKey(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<ApiKey> {
  const header = request.headers.authorization;
  if (header === undefined) {
    reply.header('WWW-Authenticate', 'Bearer realm="parley"');
    throw new AppError('unauthorized', 'Missing Authorization header: send "Authorization: Bearer <API key>"');
  }
  if (Array.isArray(header)) throw unauthorized(reply, 'Send exactly one Authorization header');
  if (!header.startsWith('Bearer ')) throw unauthorized(reply, 'The Authorization header must be "Bearer <API key>"');
  const match = HEADER.exec(header);
  if (!match) {
    throw unauthorized(reply, 'Malformed API key: expected "Bearer sk_live_… or sk_test_…" followed by a 43-character secret, with no extra whitespace');
  }
  const key = await ctx.services.apiKeys.lookup(match[1]);
  if (!key) throw unauthorized(reply, 'Unknown or deleted API key');
  if (key.environment !== ctx.config.env) {
    throw unauthorized(reply, `This is a ${key.environment} key; this server runs in the ${ctx.config.env} environment`);
  }
  return key;
}

/**
 * preHandler for project-scoped routes `/v1/projects/:project_id/…`: authenticates the key, checks the
 * project and the permissions the route needs (spec section 4 lists them per endpoint).
 */
export function requireApiKey(ctx: AppContext, required: readonly Permission[]): preHandlerAsyncHookHandler {
  return async function apiKeyPreHandler(request, reply) {
    const key = await authenticateApiKey(ctx, request, reply);
    const projectId = (request.params as { project_id?: string } | undefined)?.project_id;
    if (projectId !== undefined && projectId !== key.project_id) {
      throw new AppError('wrong_project', 'This API key belongs to another project');
    }
    const missing = missingPermissions(key.permissions, required);
    if (missing.length > 0) {
      throw new AppError('insufficient_permissions', `This API key lacks the permissions: ${missing.join(', ')}`, {
        required_permissions: [...required],
        missing_permissions: missing,
      });
    }
    request.apiKey = key;
    ctx.services.apiKeys.touch(key);
  };
}

/** OpenAPI fragment documenting a project route's security and required permissions (issue 3.8). */
export function apiKeyDocs(required: readonly Permission[]) {
  return {
    security: [{ apiKey: [] }],
    'x-required-permissions': [...required],
    description: `Requires an API key with: ${required.map((p) => `\`${p}\``).join(', ')}.`,
  };
}
