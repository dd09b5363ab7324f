// Error responses every guarded route documents, with the flat body of docs/architecture.md section 2.
import type { FastifyInstance } from 'fastify';
import { ErrorSchema } from '../../../shared/schemas/api.js';

const err = (description: string) => ({ ...ErrorSchema, description });

export function projectErrorResponses(method: string | string[]) {
  const withBody = [method].flat().some((m) => ['POST', 'PUT', 'PATCH'].includes(m));
  return {
    400: err('invalid_request / unknown_parameter / invalid_json, with `details`'),
    401: err('unauthorized: header missing or malformed, key unknown, deleted or of the other environment'),
    403: err('wrong_project, or insufficient_permissions with `required_permissions`'),
    404: err('not_found'),
    ...(withBody ? { 413: err('payload_too_large'), 415: err('unsupported_media_type') } : {}),
    429: err('rate_limit_exceeded with `retry_after` (also the Retry-After header)'),
  };
}

export function sessionErrorResponses(method: string | string[]) {
  const withBody = [method].flat().some((m) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(m));
  return {
    400: err('invalid_request / unknown_parameter, with `details`'),
    401: err('unauthorized: no valid session cookie'),
    403: err('session_required (an API key was sent), csrf_failed, or forbidden (role)'),
    404: err('not_found'),
    ...(withBody ? { 413: err('payload_too_large'), 415: err('unsupported_media_type') } : {}),
    429: err('rate_limit_exceeded: the organization\'s plan limit (or, unauthenticated, the address\'s), with `retry_after`'),
  };
}

/** POST /v1/org/login: public, but it has its own failures. */
export function loginErrorResponses() {
  return {
    400: err('invalid_request / invalid_json / unknown_parameter, with `details`'),
    401: err('unauthorized: wrong email or password (the same answer for an unknown email)'),
    403: err('csrf_failed: the Origin header names another site'),
    413: err('payload_too_large'),
    415: err('unsupported_media_type'),
    429: err('rate_limit_exceeded: too many failed attempts from this address, with `retry_after`'),
  };
}

/**
 * Routes outside /v1/projects and /v1/org (health, widget pages, voice) take no key and no session.
 * Say so in OpenAPI (`security: []`, `x-required-permissions: []`) and document the 400 every
 * validated input can produce, so every operation names who may call it and how it fails.
 */
export function registerPublicRouteDocs(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.schema || route.schema.hide || route.url.startsWith('/v1/projects/') || route.url.startsWith('/v1/org')) return;
    const schema = route.schema as Record<string, unknown>;
    if (schema.security !== undefined) return;
    // A route documenting its own 401 has its own credential (e.g. the widget's visitor token).
    const documented = (schema.response ?? {}) as Record<string, unknown>;
    if (documented['401'] !== undefined || documented[401] !== undefined) return;
    const validated = ['params', 'querystring', 'body', 'headers'].some((k) => schema[k] !== undefined);
    route.schema = {
      ...schema,
      security: [],
      'x-required-permissions': [],
      response: { ...(validated ? { 400: err('invalid_request / unknown_parameter, with `details`') } : {}), ...((schema.response as object) ?? {}) },
    } as typeof route.schema;
  });
}
