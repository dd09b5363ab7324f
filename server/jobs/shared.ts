// The per-app handle on cross-instance state (docs/architecture.md section 7): job claims, and the
// pool the PostgreSQL rate limiter counts in. With DATABASE_URL both live in the database, so every
// instance sees them; without it, in this process. Built on first use from an app's context and
// closed with it (the first caller, createServices, registers the close before the services that
// use it, so it runs after them).
import type { AppContext } from '../context.js';
import { createMemoryClaims, type JobClaims } from './claims.js';
import { openSharedPool, type SharedPool } from './database.js';
import { createPgClaims } from './pg-claims.js';

export interface SharedState {
  claims: JobClaims;
  /** The database connections for shared counters; null on the embedded store. */
  pool: SharedPool | null;
  /** How long a claim outlives its holder's last heartbeat before another instance takes the work over. */
  leaseMs: number;
}

type Owner = Pick<AppContext, 'config' | 'signals' | 'onClose'>;

// Keyed by the app's signals: one per app, and several apps in one test process each get their own.
const states = new WeakMap<object, SharedState>();

export function sharedState(ctx: Owner): SharedState {
  let state = states.get(ctx.signals);
  if (state) return state;
  const instanceId = ctx.signals.instanceId;
  const pool = ctx.config.databaseUrl ? openSharedPool(ctx.config.databaseUrl) : null;
  state = { claims: pool ? createPgClaims(pool, instanceId) : createMemoryClaims(instanceId), pool, leaseMs: ctx.config.jobLeaseMs ?? 30_000 };
  states.set(ctx.signals, state);
  const closing = state;
  ctx.onClose(async () => {
    await closing.claims.close();
    await closing.pool?.end();
  });
  return state;
}
