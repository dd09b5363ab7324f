// buildApp(config): the one factory used by tests and server/main.ts.
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { openStore, type ParleyStore } from './store/index.js';
import { createSecretBox, loadMasterKey } from './lib/secret-box.js';
import { createConversationBus } from './domains/conversations/events.js';
import { openSignals } from './cluster/signals.js';
import { startClusterRelays } from './cluster/index.js';
import { createServices } from './services.js';
import { registerErrorHandling, sendError } from './http/error-handler.js';
import { MAX_PARAM_LENGTH } from './http/framework-errors.js';
import { registerOpenApi } from './http/openapi.js';
import { ROUTE_MODULES } from './routes.js';
import { jsonLogging, RequestLogs, type Logging } from './http/logging.js';
import { bodiesWithoutCoercion } from './http/validator.js';
import { cachedSerializers } from './http/serializer.js';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export interface BuildOptions {
  /** An already open store (tests share one); otherwise the one config names (DATABASE_URL, else lowdb under DATA_DIR). */
  store?: ParleyStore;
  /** Largest JSON body in bytes (413 beyond). */
  bodyLimit?: number;
  /** Sees every route as it is registered (tests walk the whole route table with it). */
  onRoute?: (route: RouteOptions) => void;
  /** Log destination and request-line level (main.ts: pretty on a terminal); JSON to stdout by default. */
  logging?: Logging;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const logging = options.logging ?? jsonLogging;
  const app = Fastify({
    logger: { level: config.logLevel, ...(logging.stream ? { stream: logging.stream } : {}) },
    logController: new RequestLogs(logging.requestLevel),
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    trustProxy: config.trustProxy,
    genReqId: () => crypto.randomUUID(),
    ajv: {
      // Unknown fields are a 400, not silently dropped (docs/architecture.md section 2).
      customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true, allErrors: false },
    },
    schemaController: { compilersFactory: { buildValidator: bodiesWithoutCoercion, buildSerializer: cachedSerializers } },
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // The router's errors (a path that is not valid percent-encoding, a parameter over
    // MAX_PARAM_LENGTH) never reach a route: they get the flat error body with a request id like
    // every other bad input (docs/api.md "Errors"), not Fastify's own body or a 500.
    frameworkErrors: sendError,
  }).withTypeProvider<TypeBoxTypeProvider>();

  const store = options.store ?? (await openStore(config.dataDir, config.databaseUrl));
  const box = createSecretBox(await loadMasterKey(config.dataDir, config.masterKey));
  const signals = await openSignals(config.databaseUrl, app.log);
  const closers: (() => Promise<void> | void)[] = [];
  const base = { config, store, box, signals, bus: createConversationBus(), onClose: (fn: () => Promise<void> | void) => closers.push(fn) };
  const ctx: AppContext = { ...base, services: createServices(base) };
  app.decorate('ctx', ctx);
  base.onClose(startClusterRelays(ctx, app.log));

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  registerErrorHandling(app);
  await registerOpenApi(app, config);
  for (const register of ROUTE_MODULES) await register(app, ctx);

  app.addHook('onClose', async () => {
    for (const fn of closers.reverse()) await fn();
    await signals.close();
    // Flush pending writes before the process exits (graceful shutdown).
    if (options.store) await store.flush();
    else await store.close();
  });
  return app;
}
