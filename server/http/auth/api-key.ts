// Bearer API-key authentication exactly as spec section 5:
//   missing header, missing Bearer word, extra whitespace or line breaks, malformed, unknown or deleted
//   key, key of the other environment → 401 with WWW-Authenticate;
//   key of another project → 403 wrong_project; missing permission → 403 naming what is required.
// The stored record is read on every request, so permission edits and deletes apply at once (spec 3.3).
//
// Where it runs: project-guard.ts finds every route under /v1/projects/ (onRoute) and runs the check in
// its onRequest hook, before body parsing and validation, so a caller without a valid key learns
// nothing about the body schema and every project route is covered even if its author forgot the
// preHandler. `requireApiKey(ctx, perms)` stays the way a route declares its permissions: the guard
// reads them from the returned (tagged) function; as a preHandler it is then a no-op.
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ApiKey } from '../../../shared/schemas/entities.js';
import { effectivePermissions, type Permission } from '../../../shared/permissions.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { hadPaddedAuthorization } from './raw-authorization.js';

declare module 'fastify' {
  interface FastifyRequest {
    apiKey?: ApiKey;
    /** Set once the project guard has authenticated and authorised this request. */
    apiKeyChecked?: boolean;
  }
}

/** Marks a preHandler made by requireApiKey with the permissions it demands. */
export const REQUIRED_PERMISSIONS = Symbol.for('parley.requiredPermissions');
type Tagged = { [REQUIRED_PERMISSIONS]?: readonly Permission[] };

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
  // Node's parser trims spaces and tabs around the value; raw-authorization.ts saw the bytes.
  if (!match || hadPaddedAuthorization(request.raw)) {
    throw unauthorized(reply, 'Malformed API key: expected "Bearer sk_live_… or sk_test_…" followed by a 43-character secret, with no extra whitespace');
  }
  const key = await ctx.services.apiKeys.lookup(match[1]);
  if (!key) throw unauthorized(reply, 'Unknown or deleted API key');
  if (key.environment !== ctx.config.env) {
    throw unauthorized(reply, `This is a ${key.environment} key; this server runs in the ${ctx.config.env} environment`);
  }
  return key;
}

// Stored key records are shared and replaced (never mutated) on edit, so the permission array's
// identity is a safe cache key: an edit yields a new array and a fresh computation (spec 3.3).
const effectiveCache = new WeakMap<readonly string[], Set<string>>();
function effectiveOf(granted: readonly string[]): Set<string> {
  let set = effectiveCache.get(granted);
  if (!set) effectiveCache.set(granted, (set = effectivePermissions(granted)));
  return set;
}

/** 403s of spec 5.3 and 5.4, in that order: another project's key, then missing permissions. */
export function authorizeApiKey(key: ApiKey, projectId: string | undefined, required: readonly string[]): void {
  if (projectId !== undefined && projectId !== key.project_id) {
    throw new AppError('wrong_project', 'This API key belongs to another project');
  }
  const missing = required.filter((p) => !effectiveOf(key.permissions).has(p));
  if (missing.length > 0) {
    throw new AppError('insufficient_permissions', `This API key lacks the permissions: ${missing.join(', ')}`, {
      required_permissions: [...required],
      missing_permissions: missing,
    });
  }
}

export function projectIdOf(request: FastifyRequest): string | undefined {
  const params = request.params as { project_id?: string; projectId?: string } | undefined;
  return params?.project_id ?? params?.projectId;
}

/**
 * Declares a project route's permissions (spec section 4 lists them per endpoint). Use it as the
 * route's preHandler; the project guard enforces it before parsing. Registered outside /v1/projects/
 * it still works on its own as a full check.
 */
export function requireApiKey(ctx: AppContext, required: readonly Permission[]): preHandlerAsyncHookHandler {
  const handler = async function apiKeyPreHandler(request: FastifyRequest, reply: FastifyReply) {
    if (request.apiKeyChecked) return;
    const key = await authenticateApiKey(ctx, request, reply);
    authorizeApiKey(key, projectIdOf(request), required);
    request.apiKey = key;
    request.apiKeyChecked = true;
    ctx.services.apiKeys.touch(key);
  };
  (handler as Tagged)[REQUIRED_PERMISSIONS] = [...required];
  return handler;
}

/** The permissions a hook function made by requireApiKey declares, if it is one. */
export function declaredPermissions(fn: unknown): readonly Permission[] | undefined {
  return typeof fn === 'function' ? (fn as Tagged)[REQUIRED_PERMISSIONS] : undefined;
}

/** OpenAPI fragment documenting a project route's security and required permissions. */
export function apiKeyDocs(required: readonly Permission[]) {
  return {
    security: [{ apiKey: [] }],
    'x-required-permissions': [...required],
    description: `Requires an API key with: ${required.map((p) => `\`${p}\``).join(', ')}.`,
  };
}
