// Job claims in PostgreSQL (claims.ts), for instances sharing one database. One row per claim; every
// operation is one statement. Times are the instances' own (lib/clock.ts, as every other expiry in
// Parley): their clocks agree to well under a lease (NTP), and tests move that clock to expire a
// lease instead of waiting for it.
//
// Why not a queue library (pg-boss, graphile-worker): they own the job rows, their states and retry
// rules, while our jobs already live in their collections with the states the API shows (a sync
// job's progress, a delivery's attempts). All we lack is "who works this now, and is it still
// alive", which is this one table.
import { clock } from '../lib/clock.js';
import type { Claim, JobClaims } from './claims.js';
import { ensureSchema, type SharedPool } from './database.js';

const TABLE = 'parley_job_claims';
const SCHEMA = `CREATE TABLE IF NOT EXISTS ${TABLE} (
  name text COLLATE "C" PRIMARY KEY,
  kind text COLLATE "C" NOT NULL,
  payload text NOT NULL,
  holder text NOT NULL,
  expires_at bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS ${TABLE}_kind ON ${TABLE} (kind, expires_at);`;

/** Expired claims of kinds nobody takes over (an idempotency key's) are deleted this often. */
const SWEEP_MS = 5 * 60_000;

export function createPgClaims(pool: SharedPool, instanceId: string): JobClaims {
  const ready = () => ensureSchema(pool, SCHEMA);
  const query = async <R extends object>(sql: string, params: unknown[]) => {
    await ready();
    return (await pool.query<R>(sql, params)).rows;
  };
  let lastSweep = Date.now();
  const sweep = () => {
    if (Date.now() - lastSweep < SWEEP_MS) return;
    lastSweep = Date.now();
    // Only kinds without an owner to resume them: an expired sync job's claim waits for takeOver.
    void query(`DELETE FROM ${TABLE} WHERE kind = '' AND expires_at < $1`, [clock.now()]).catch(() => undefined);
  };

  return {
    shared: true,
    instanceId,
    async acquire(name, { ttlMs, kind = '', payload = {}, holder = instanceId }) {
      sweep();
      const rows = await query(
        `INSERT INTO ${TABLE} (name, kind, payload, holder, expires_at)
         VALUES ($1, $2, $3, $4, $6::bigint + $5)
         ON CONFLICT (name) DO UPDATE SET kind = EXCLUDED.kind, payload = EXCLUDED.payload, holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
         WHERE ${TABLE}.expires_at <= $6 OR ${TABLE}.holder = EXCLUDED.holder
         RETURNING name`,
        [name, kind, JSON.stringify(payload), holder, ttlMs, clock.now()],
      );
      return rows.length === 1;
    },
    async renew(name, ttlMs, holder = instanceId) {
      const rows = await query(`UPDATE ${TABLE} SET expires_at = $3 WHERE name = $1 AND holder = $2 RETURNING name`, [name, holder, clock.now() + ttlMs]);
      return rows.length === 1;
    },
    async release(name, holder = instanceId) {
      await query(`DELETE FROM ${TABLE} WHERE name = $1 AND holder = $2`, [name, holder]);
    },
    async takeOver(kind, ttlMs): Promise<Claim | null> {
      // SKIP LOCKED: two instances looking at once take different orphans instead of queueing on one.
      const rows = await query<{ name: string; payload: string }>(
        `UPDATE ${TABLE} SET holder = $2, expires_at = $4::bigint + $3
         WHERE name = (SELECT name FROM ${TABLE} WHERE kind = $1 AND expires_at <= $4 ORDER BY expires_at LIMIT 1 FOR UPDATE SKIP LOCKED)
         RETURNING name, payload`,
        [kind, instanceId, ttlMs, clock.now()],
      );
      const row = rows[0];
      return row ? { name: row.name, payload: JSON.parse(row.payload) as Record<string, unknown> } : null;
    },
    async close() {},
  };
}
