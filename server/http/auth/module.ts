// Wires the /v1 access layer before any route module registers routes (it is first in ROUTE_MODULES,
// so its onRoute hooks see every later route): cookies, the JSON body rules, the project guard
// (API keys, rate limits, permissions), the org session guard, the admin token guard (admin.ts),
// unknown-query checks and Idempotency-Key replays.
import cookie from '@fastify/cookie';
import type { RouteModule } from '../../routes.js';
import { createMemoryRateLimiter } from '../rate-limit/memory.js';
import { createPostgresRateLimiter } from '../rate-limit/postgres.js';
import { sharedState } from '../../jobs/shared.js';
import { registerIdempotency } from '../idempotency.js';
import { registerJsonBody } from './body.js';
import { registerProjectGuard } from './project-guard.js';
import { registerSessionGuard } from './session.js';
import { registerClientErrors } from './client-error.js';
import { registerQueryRules } from './query.js';
import { registerPublicRouteDocs } from './openapi-errors.js';
import { registerAdminGuard } from './admin.js';

export const accessModule: RouteModule = async (app, ctx) => {
  // Another module may have registered the plugin already; registering twice would throw.
  if (!app.hasRequestDecorator('cookies')) await app.register(cookie);
  registerJsonBody(app);
  // On a shared database the counts are shared too, so a plan's limit holds across instances (spec 8).
  const { pool } = sharedState(ctx);
  const limiter = pool ? createPostgresRateLimiter(pool) : createMemoryRateLimiter();
  registerProjectGuard(app, ctx, limiter);
  registerClientErrors(app, limiter);
  registerSessionGuard(app, ctx);
  registerAdminGuard(app, ctx, limiter);
  registerQueryRules(app);
  registerPublicRouteDocs(app);
  registerIdempotency(app, ctx);
};
