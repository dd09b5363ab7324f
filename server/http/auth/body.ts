// Request-body rules of the /v1 API (spec 4, docs/architecture.md section 2):
// - The spec tells clients to send `Content-Type: application/json` on every call, including calls
//   without a body (generate, sync), so an empty JSON body means "no body" instead of a 400.
// - JSON is parsed with Fastify's own secure parser (prototype-poisoning checks kept).
// - A body sent as text/plain to a /v1 JSON route is a 415, not a string that fails validation.
//   Routes that really take text set `config: { acceptText: true }`.
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    acceptText?: boolean;
  }
}

export function registerJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if ((body as string).trim() === '') return done(null, undefined);
    parseJson(request, body as string, done);
  });

  app.addHook('preValidation', (request, _reply, done) => {
    if (typeof request.body !== 'string' || !request.url.startsWith('/v1/') || request.routeOptions.config?.acceptText) return done();
    done(new AppError('unsupported_media_type', 'Send the body as application/json'));
  });
}
