// Fastify's own errors (FST_ERR_* in node_modules/fastify/lib/errors.js, Fastify 5.12) that a request
// can cause, each with its status and a stable code from shared/errors.ts (docs/api.md "Errors").
// Every other FST_ERR_* code is a programming error (a route, hook, decorator, schema or reply
// misused): error-handler.ts answers it 500 and logs it, even where Fastify gave it a 4xx status.
import type { ErrorBody } from '../../shared/errors.js';

/**
 * The router's limit on one path parameter (Fastify's default, stated so it is a decision). Parley's
 * ids are UUIDs (36 characters) or names of at most 64, so nothing valid comes near it; the limit
 * bounds what the router decodes and matches before validation. Beyond it the router matches no
 * route and raises FST_ERR_MAX_PARAM_LENGTH: a 400 invalid_request, before any credential check.
 */
export const MAX_PARAM_LENGTH = 100;

const JSON_ONLY = 'Send the body as application/json';

const REQUEST_ERRORS: Record<string, { status: number; body: ErrorBody }> = {
  // Router (the app's `frameworkErrors` option): the path never reached a route.
  FST_ERR_BAD_URL: {
    status: 400,
    body: { error: 'invalid_request', message: 'The URL path is not valid percent-encoding (write a literal % as %25)' },
  },
  FST_ERR_MAX_PARAM_LENGTH: {
    status: 400,
    body: {
      error: 'invalid_request',
      message: `A path segment is longer than ${MAX_PARAM_LENGTH} characters; no id is`,
      details: [{ path: 'params', message: `must be at most ${MAX_PARAM_LENGTH} characters` }],
    },
  },
  FST_ERR_INVALID_URL: { status: 400, body: { error: 'invalid_request', message: 'The URL is not valid' } },
  FST_ERR_NOT_FOUND: { status: 404, body: { error: 'not_found', message: 'No such route' } },
  // Validation without the usual `validation` list (error-handler.ts reads the list when there is one).
  FST_ERR_VALIDATION: { status: 400, body: { error: 'invalid_request', message: 'The request is not valid' } },
  // Body parsing.
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, body: { error: 'payload_too_large', message: 'The request body is larger than this endpoint accepts' } },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, body: { error: 'unsupported_media_type', message: JSON_ONLY } },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    body: { error: 'invalid_request', message: 'The body is not as long as its Content-Length header says' },
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, body: { error: 'invalid_json', message: 'The body is empty but Content-Type is application/json' } },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, body: { error: 'invalid_json', message: 'The body is not valid JSON' } },
  FST_ERR_ROUTE_MISSING_CONTENT_TYPE: { status: 415, body: { error: 'unsupported_media_type', message: `A body needs a Content-Type. ${JSON_ONLY}` } },
  FST_ERR_ROUTE_MISSING_CONTENT: { status: 400, body: { error: 'invalid_request', message: 'This request needs a body' } },
  // Only with a route `handlerTimeout` (none is set today): the server was too slow, not the client wrong.
  FST_ERR_HANDLER_TIMEOUT: { status: 503, body: { error: 'handler_timeout', message: 'The request took longer than the server allows; try again' } },
};

/** The answer to a Fastify error a request caused, or undefined for anything else. */
export function fastifyRequestError(code: string | undefined): { status: number; body: ErrorBody } | undefined {
  const known = code !== undefined && Object.hasOwn(REQUEST_ERRORS, code) ? REQUEST_ERRORS[code] : undefined;
  // A fresh copy each time: the handler adds request_id to the body it sends.
  return known && { status: known.status, body: structuredClone(known.body) };
}

/** Codes of Fastify's own errors; those not listed above are programming errors. */
export const isFastifyCode = (code: string | undefined): boolean => code?.startsWith('FST_') ?? false;
