// Shutdown with keep-alive clients (a browser, a reverse proxy, fetch): Fastify's close() waits for
// every open connection but closes only those idle at that moment. A connection that was busy with a
// request when SIGTERM came stays open after its response (keep-alive) until the client drops it, so
// shutdown would run into the forced exit (server/main.ts) instead of ending cleanly once the last
// acknowledged write is flushed. While closing, answers carry `Connection: close`, and every finished
// response closes the connections that have gone idle.
import type { FastifyInstance } from 'fastify';
import type { RouteModule } from '../routes.js';

export function closeKeepAliveOnShutdown(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onResponse', (_request, _reply, done) => {
    if (closing) app.server.closeIdleConnections();
    done();
  });
}

/** Registered first in ROUTE_MODULES, so it covers every route of every app buildApp makes. */
export const gracefulClose: RouteModule = (app) => closeKeepAliveOnShutdown(app);
