// The connections behind the state instances share beyond the store's documents: job claims and
// rate-limit counters. Their tables are not documents (they are rewritten on every request or
// heartbeat and never read back as a whole), so they live beside the store's tables, created by the
// module that uses them. A small pool of its own, like the cluster signals' connections: the store's
// pool stays for documents.
import pg from 'pg';

/** Arbitrary but fixed: taken while a module creates its tables, so two instances starting together take turns. */
const DDL_LOCK = 7_165_803_241_911;

export type SharedPool = pg.Pool;

export function openSharedPool(url: string, max = 4): SharedPool {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection dropped by the server is replaced on next use; unhandled it would end the process.
  pool.on('error', () => undefined);
  return pool;
}

/**
 * Runs `ddl` (CREATE … IF NOT EXISTS) once per pool and statement: concurrent CREATE TABLE IF NOT
 * EXISTS from two sessions can still collide in the catalog, hence the advisory lock.
 */
export function ensureSchema(pool: SharedPool, ddl: string): Promise<void> {
  const done = prepared.get(pool) ?? new Map<string, Promise<void>>();
  prepared.set(pool, done);
  let p = done.get(ddl);
  if (!p) {
    p = (async () => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query('SELECT pg_advisory_xact_lock($1)', [DDL_LOCK]);
        await client.query(ddl);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    })();
    // A failure (database away at start) is retried by the next caller.
    p.catch(() => done.delete(ddl));
    done.set(ddl, p);
  }
  return p;
}

const prepared = new WeakMap<SharedPool, Map<string, Promise<void>>>();
