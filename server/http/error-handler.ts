// One flat error body everywhere (docs/architecture.md section 2): `{error, message, ...extras}`,
// plus the `request_id` of the log line (docs/api.md "Errors"). Fastify's own errors are mapped onto
// stable codes (framework-errors.ts); a 5xx never leaks internals and is logged with the request id.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { STATUS_CODES } from 'node:http';
import { fastifyRequestError, isFastifyCode } from './framework-errors.js';
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
  const mapped = fastifyRequestError(err.code);
  if (mapped) return mapped;
  if (err instanceof SyntaxError) {
    return { status: 400, body: { error: 'invalid_json', message: 'The body is not valid JSON' } };
  }
  // Any other FST_ERR_* is Fastify telling us our own code misused it, whatever status it carries.
  if (isFastifyCode(err.code)) return INTERNAL();
  const status = err.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code = status === 404 ? 'not_found' : status === 405 ? 'method_not_allowed' : 'invalid_request';
    return { status, body: { error: code, message: err.message } };
  }
  return INTERNAL();
}

const INTERNAL = () => ({ status: 500, body: { error: 'internal_error', message: 'Something went wrong on our side' } as ErrorBody });

/**
 * Sends the flat body for `err` with the request id. Also the app's `frameworkErrors` option: the
 * router's errors (bad URL, over-long parameter) come before any route and its error handler.
 */
export function sendError(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const { status, body } = toErrorResponse(err);
  // Unexpected: the log line (it carries reqId) is what the request_id in the body leads to.
  if (status >= 500) request.log.error({ err }, 'request failed');
  // Keep headers set earlier (e.g. rate-limit or WWW-Authenticate) and answer the flat body.
  void reply.status(status).send({ ...body, request_id: request.id });
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(sendError);
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ error: 'not_found', message: `No route ${request.method} ${request.url.split('?')[0]}`, request_id: request.id });
  });
  // A plugin's bodiless error (@fastify/websocket answers a plain GET on a socket route with an empty
  // 404) still gets the flat body, so every error a client sees has a code and a request id.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode < 400 || (payload !== undefined && payload !== null && payload !== '')) return done(null, payload);
    const status = reply.statusCode;
    const path = request.url.split('?')[0];
    if (status >= 500) request.log.error({ status }, 'request failed without a body');
    const body: ErrorBody = status === 404
      ? { error: 'not_found', message: `No route ${request.method} ${path}` }
      : { error: status >= 500 ? 'internal_error' : 'invalid_request', message: STATUS_CODES[status] ?? 'Error' };
    reply.type('application/json; charset=utf-8');
    done(null, JSON.stringify({ ...body, request_id: request.id }));
  });
}
