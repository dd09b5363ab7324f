// One flat error body everywhere (docs/architecture.md section 2): `{error, message, ...extras}`.
// Fastify's own errors (validation, body parsing, size, media type) are mapped onto stable codes;
// a 5xx never leaks internals, only a request id to find the log line.
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';
import type { ErrorBody } from '../../shared/errors.js';
import { WEB_URL_MESSAGE, WEB_URL_PATTERN } from '../../shared/schemas/web-url.js';

interface ValidationItem {
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
  keyword?: string;
}

function detailsOf(validation: ValidationItem[], context: string | undefined) {
  return validation.map((v) => {
    let path = `${context ?? ''}${v.instancePath ?? ''}`.replace(/\//g, '.');
    if (v.keyword === 'additionalProperties' && v.params?.additionalProperty) {
      path = `${path}.${String(v.params.additionalProperty)}`;
    }
    if (v.keyword === 'required' && v.params?.missingProperty) path = `${path}.${String(v.params.missingProperty)}`;
    // The web URL pattern is unreadable as a message; say what it means instead.
    const message = v.keyword === 'pattern' && v.params?.pattern === WEB_URL_PATTERN ? WEB_URL_MESSAGE : v.message;
    return { path: path.replace(/^\./, ''), message: message ?? 'is invalid' };
  });
}

export function toErrorResponse(err: FastifyError & { validationContext?: string }): { status: number; body: ErrorBody } {
  if (err instanceof AppError) {
    return { status: err.status, body: { error: err.code, message: err.message, ...err.extras } };
  }
  if (err.validation) {
    const details = detailsOf(err.validation as ValidationItem[], err.validationContext);
    const unknown = (err.validation as ValidationItem[]).find((v) => v.keyword === 'additionalProperties');
    if (unknown && err.validationContext === 'querystring') {
      const name = String(unknown.params?.additionalProperty);
      return {
        status: 400,
        body: { error: 'unknown_parameter', message: `Unknown query parameter "${name}"`, details },
      };
    }
    const first = details[0];
    return {
      status: 400,
      body: { error: 'invalid_request', message: first ? `${first.path || 'request'}: ${first.message}` : 'Invalid request', details },
    };
  }
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, body: { error: 'payload_too_large', message: 'The request body is larger than this endpoint accepts' } };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, body: { error: 'unsupported_media_type', message: 'Send the body as application/json' } };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, body: { error: 'invalid_json', message: 'The body is empty but Content-Type is application/json' } };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, body: { error: 'invalid_json', message: 'The body is not valid JSON' } };
  }
  if (err instanceof SyntaxError || err.code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH') {
    return { status: 400, body: { error: 'invalid_json', message: 'The body is not valid JSON' } };
  }
  const status = err.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code = status === 404 ? 'not_found' : status === 405 ? 'method_not_allowed' : 'invalid_request';
    return { status, body: { error: code, message: err.message } };
  }
  return { status: 500, body: { error: 'internal_error', message: 'Something went wrong on our side' } };
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const { status, body } = toErrorResponse(err);
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      body.request_id = request.id;
    }
    // Keep headers set earlier (e.g. rate-limit or WWW-Authenticate) and answer the flat body.
    reply.status(status).send(body);
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ error: 'not_found', message: `No route ${request.method} ${request.url.split('?')[0]}` });
  });
}
