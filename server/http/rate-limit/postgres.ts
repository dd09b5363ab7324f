// PostgreSQL RateLimiter (spec 8) for instances sharing one database: the same model as memory.ts
// (a clock-minute window with burst, a UTC-day window), counted in one row per bucket so a plan's
// limit holds for the project whichever instance a request reaches.
//
// One round trip per request: parley_rate_hit() upserts the bucket's row, locks it, applies the
// rules and writes the counts in one call. The burst rule reads the row before deciding what to
// write, which a single INSERT … ON CONFLICT expression cannot do without repeating every rule in
// each column's CASE; a function keeps the rules readable in one place. A window that started
// later than the row's (another instance's clock a little ahead) is never moved back, so skewed
// clocks cannot reset a count. Rows of past days are deleted about once a minute.
import { ensureSchema, type SharedPool } from '../../jobs/database.js';
import type { RateDecision, RateLimiter, RateLimits } from './types.js';

const TABLE = 'parley_rate_limits';
const MINUTE = 60_000;
const DAY = 86_400_000;

const SCHEMA = `CREATE TABLE IF NOT EXISTS ${TABLE} (
  bucket text COLLATE "C" PRIMARY KEY,
  minute_start bigint NOT NULL,
  minute_count integer NOT NULL,
  burst_started_at bigint,
  day integer NOT NULL,
  day_count integer NOT NULL
);
CREATE INDEX IF NOT EXISTS ${TABLE}_day ON ${TABLE} (day);
CREATE OR REPLACE FUNCTION parley_rate_hit(p_bucket text, p_now bigint, p_per_minute integer, p_per_day integer,
  p_cap integer, p_burst_ms bigint, p_cost integer, OUT allowed boolean, OUT minute_count integer, OUT exceeded text)
LANGUAGE plpgsql AS $fn$
DECLARE
  m bigint := p_now - (p_now % 60000);
  d integer := (p_now / 86400000)::integer;
  b ${TABLE}%ROWTYPE;
BEGIN
  -- A count lost to a database crash only lets a few more requests through: not worth a WAL flush
  -- on every request (synchronous_commit off for this transaction only).
  PERFORM set_config('synchronous_commit', 'off', true);
  INSERT INTO ${TABLE} VALUES (p_bucket, m, 0, NULL, d, 0) ON CONFLICT (bucket) DO NOTHING;
  SELECT * INTO b FROM ${TABLE} WHERE bucket = p_bucket FOR UPDATE;
  IF m > b.minute_start THEN b.minute_start := m; b.minute_count := 0; b.burst_started_at := NULL; END IF;
  IF d > b.day THEN b.day := d; b.day_count := 0; END IF;
  allowed := true;
  IF b.day_count >= p_per_day THEN
    allowed := false; exceeded := 'day';
  ELSIF b.minute_count >= p_per_minute THEN
    IF p_cost > 0 AND b.burst_started_at IS NULL THEN b.burst_started_at := p_now; END IF;
    IF p_now - coalesce(b.burst_started_at, p_now) >= p_burst_ms OR b.minute_count >= p_cap THEN
      allowed := false; exceeded := 'minute';
    END IF;
  END IF;
  IF allowed THEN b.minute_count := b.minute_count + p_cost; b.day_count := b.day_count + p_cost; END IF;
  UPDATE ${TABLE} SET minute_start = b.minute_start, minute_count = b.minute_count, burst_started_at = b.burst_started_at,
    day = b.day, day_count = b.day_count WHERE bucket = p_bucket;
  minute_count := b.minute_count;
END
$fn$;`;

export function createPostgresRateLimiter(pool: SharedPool): RateLimiter {
  let lastSweep = 0;
  // reset() returns nothing (the interface's in-memory origin); hits after it wait for its delete.
  let resetting: Promise<unknown> = Promise.resolve();
  const ready = () => ensureSchema(pool, SCHEMA);

  function sweep(nowMs: number) {
    if (nowMs - lastSweep < MINUTE) return;
    lastSweep = nowMs;
    void ready()
      .then(() => pool.query(`DELETE FROM ${TABLE} WHERE day < $1`, [Math.floor(nowMs / DAY)]))
      .catch(() => undefined);
  }

  return {
    async hit(bucket: string, limits: RateLimits, nowMs = Date.now(), cost = 1): Promise<RateDecision> {
      sweep(nowMs);
      await ready();
      await resetting;
      const cap = Math.floor(limits.perMinute * limits.burstFactor);
      const { rows } = await pool.query<{ allowed: boolean; minute_count: number; exceeded: 'minute' | 'day' | null }>(
        'SELECT * FROM parley_rate_hit($1, $2, $3, $4, $5, $6, $7)',
        [bucket, nowMs, limits.perMinute, limits.perDay, cap, limits.burstSeconds * 1000, cost],
      );
      const r = rows[0]!;
      const minuteStart = nowMs - (nowMs % MINUTE);
      const reset = Math.ceil((minuteStart + MINUTE) / 1000);
      const limit = limits.perMinute;
      if (r.allowed) return { allowed: true, limit, reset, remaining: Math.max(0, limit - r.minute_count), retryAfter: 0 };
      if (r.exceeded === 'day') {
        const day = Math.floor(nowMs / DAY);
        return { allowed: false, limit, reset, remaining: 0, retryAfter: Math.max(1, Math.ceil(((day + 1) * DAY - nowMs) / 1000)), exceeded: 'day' };
      }
      return { allowed: false, limit, reset, remaining: 0, retryAfter: Math.max(1, Math.ceil((minuteStart + MINUTE - nowMs) / 1000)), exceeded: 'minute' };
    },
    reset(bucket: string) {
      resetting = Promise.all([resetting, ready()])
        .then(() => pool.query(`DELETE FROM ${TABLE} WHERE bucket = $1`, [bucket]))
        .catch(() => undefined);
    },
  };
}
