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

/** JOB_LEASE_SECONDS: a short lease moves the work of a dead instance sooner, at more heartbeat writes. */
export function leaseMsFrom(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.JOB_LEASE_SECONDS?.trim();
  if (!raw) return 30_000;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds < 0.5 || seconds > 3600) throw new Error(`JOB_LEASE_SECONDS must be a number from 0.5 to 3600, got "${raw}"`);
  return Math.round(seconds * 1000);
}

export function sharedState(ctx: Owner): SharedState {
  let state = states.get(ctx.signals);
  if (state) return state;
  const instanceId = ctx.signals.instanceId;
  const pool = ctx.config.databaseUrl ? openSharedPool(ctx.config.databaseUrl) : null;
  state = { claims: pool ? createPgClaims(pool, instanceId) : createMemoryClaims(instanceId), pool, leaseMs: leaseMsFrom() };
  states.set(ctx.signals, state);
  const closing = state;
  ctx.onClose(async () => {
    await closing.claims.close();
    await closing.pool?.end();
  });
  return state;
}
