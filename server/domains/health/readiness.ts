// Ready means started: the entry point listens first (with PORT=0 the real port, which the demo
// stores in its links and allowed origins, is known only then) and seeds after, so until it calls
// ready() every request is answered 503 with Retry-After — /healthz with `status: "starting"`, the
// rest with `not_ready`. A script that waits for /healthz can then read demo-credentials.json and use
// the demo at once, and nothing a client sends can race the seed (e.g. delete a provider it is syncing).
import type { FastifyInstance } from 'fastify';
import type { ErrorBody } from '../../../shared/errors.js';

export interface Readiness {
  readonly isReady: boolean;
  ready(): void;
}

/** Call before listen: holds every request at 503 until ready() is called. */
export function holdUntilReady(app: FastifyInstance): Readiness {
  let isReady = false;
  app.addHook('onRequest', async (request, reply) => {
    if (isReady) return;
    reply.header('retry-after', '1').header('cache-control', 'no-store');
    if (request.url.split('?')[0] === '/healthz') return reply.code(503).send({ status: 'starting' });
    const body: ErrorBody = { error: 'not_ready', message: 'Parley is still starting (preparing its data); retry in a moment' };
    return reply.code(503).send(body);
  });
  return {
    get isReady() {
      return isReady;
    },
    ready() {
      isReady = true;
    },
  };
}
