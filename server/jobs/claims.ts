// Job claims (docs/architecture.md section 7): which instance works a piece of background work now.
// A claim is a named lease with an expiry: its holder renews it while it works (heartbeat) and
// releases it when done; a holder that dies (kill -9, a lost machine) stops renewing, the lease
// expires and another instance takes the work over. The work itself stays in its own collection
// (a sync job, an export job, a delivery): the claim only says who works it.
//
// Two implementations: in memory for the embedded store (one process, nothing to take over after a
// restart, so behaviour stays as before), and a PostgreSQL table for instances sharing a database
// (pg-claims.ts). Expiry follows lib/clock.ts, so tests move time instead of waiting.
import { clock } from '../lib/clock.js';

export interface Claim {
  name: string;
  /** What the work is about (ids), kept so an instance taking the claim over knows what to resume. */
  payload: Record<string, unknown>;
}

export interface JobClaims {
  /** True on a shared database: claims are seen by every instance and orphans can be taken over. */
  readonly shared: boolean;
  /** This process's default holder id. */
  readonly instanceId: string;
  /**
   * Takes `name` for `ttlMs` unless another holder's lease on it is still running (ours is renewed).
   * True when taken. `kind` groups claims that takeOver looks through.
   */
  acquire(name: string, options: { ttlMs: number; kind?: string; payload?: Record<string, unknown>; holder?: string }): Promise<boolean>;
  /** Extends our lease; false when it is no longer ours (it expired and was taken, or released). */
  renew(name: string, ttlMs: number, holder?: string): Promise<boolean>;
  /** Gives the claim up (only when it is ours), so the next acquire succeeds at once. */
  release(name: string, holder?: string): Promise<void>;
  /** Takes one claim of `kind` whose lease expired (its holder died), oldest first; null when none. */
  takeOver(kind: string, ttlMs: number): Promise<Claim | null>;
  close(): Promise<void>;
}

interface Lease {
  kind: string;
  payload: Record<string, unknown>;
  holder: string;
  expiresAt: number;
}

export function createMemoryClaims(instanceId: string = crypto.randomUUID()): JobClaims {
  const leases = new Map<string, Lease>();
  const live = (l: Lease | undefined, at = clock.now()) => l !== undefined && l.expiresAt > at;
  return {
    shared: false,
    instanceId,
    async acquire(name, { ttlMs, kind = '', payload = {}, holder = instanceId }) {
      const current = leases.get(name);
      if (live(current) && current!.holder !== holder) return false;
      leases.set(name, { kind, payload, holder, expiresAt: clock.now() + ttlMs });
      return true;
    },
    async renew(name, ttlMs, holder = instanceId) {
      const current = leases.get(name);
      if (!current || current.holder !== holder) return false;
      current.expiresAt = clock.now() + ttlMs;
      return true;
    },
    async release(name, holder = instanceId) {
      if (leases.get(name)?.holder === holder) leases.delete(name);
    },
    async takeOver(kind, ttlMs) {
      const at = clock.now();
      const orphans = [...leases.entries()].filter(([, l]) => l.kind === kind && !live(l, at)).sort((a, b) => a[1].expiresAt - b[1].expiresAt);
      const first = orphans[0];
      if (!first) return null;
      Object.assign(first[1], { holder: instanceId, expiresAt: at + ttlMs });
      return { name: first[0], payload: first[1].payload };
    },
    async close() {
      leases.clear();
    },
  };
}

/**
 * Renews `name` every third of `ttlMs` while work runs; `onLost` runs when the lease is no longer
 * ours (it expired under a stall and another instance took it): the work must stop writing then.
 * Returns the stop function.
 */
export function heartbeat(claims: JobClaims, name: string, ttlMs: number, onLost: () => void, holder?: string): () => void {
  const timer = setInterval(() => {
    claims.renew(name, ttlMs, holder).then(
      (ours) => {
        if (!ours) {
          clearInterval(timer);
          onLost();
        }
      },
      // A failed renewal (the database briefly away) is retried at the next beat; the lease has
      // two more beats of margin before it expires.
      () => undefined,
    );
  }, Math.max(50, Math.floor(ttlMs / 3)));
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Runs `fn` holding `name` exclusively across instances: waits (polling) while another holder has it,
 * renews it while `fn` runs and releases it after. A holder that died frees it when its lease lapses.
 */
export async function exclusively<T>(claims: JobClaims, name: string, ttlMs: number, fn: () => Promise<T>): Promise<T> {
  const holder = `${claims.instanceId}:${crypto.randomUUID()}`;
  for (let wait = 20; !(await claims.acquire(name, { ttlMs, holder })); wait = Math.min(500, wait * 2)) {
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
  const stop = heartbeat(claims, name, ttlMs, () => undefined, holder);
  try {
    return await fn();
  } finally {
    stop();
    await claims.release(name, holder).catch(() => undefined);
  }
}
