// The PostgreSQL rate limiter (postgres.ts) against the in-memory one it must match, and over HTTP on
// two instances of one database: the plan's limit holds for their combined traffic (spec 8).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from './memory.js';
import { createPostgresRateLimiter } from './postgres.js';
import type { RateLimits } from './types.js';
import { openSharedPool, type SharedPool } from '../../jobs/database.js';
import { startPostgres, type TestPostgres } from '../../store/postgres/testing/pg-server.js';
import { startTwoApps, type TwoApps } from '../../jobs/testing/two-apps.js';

const MIN = 60_000;
const T0 = Date.UTC(2026, 0, 5, 10, 0, 0);
const limits = (perMinute: number, perDay = 1_000_000, burstFactor = 2, burstSeconds = 10): RateLimits => ({ perMinute, perDay, burstFactor, burstSeconds });

let pg: TestPostgres;
const pools: SharedPool[] = [];
beforeAll(async () => {
  pg = await startPostgres();
}, 60_000);
afterAll(async () => {
  for (const p of pools) await p.end();
  await pg?.stop();
});
const pool = async () => {
  const p = openSharedPool(await pg.createDatabase());
  pools.push(p);
  return p;
};

describe('PostgreSQL rate limiter', () => {
  it('decides every request as the in-memory limiter does: minute, burst, burst end, cap, day, cost 0', async () => {
    const memory = createMemoryRateLimiter();
    const shared = createPostgresRateLimiter(await pool());
    // [bucket, limits, at, cost]: the scenarios of rate-limit.test.ts in one script.
    const script: [string, RateLimits, number, number][] = [];
    for (let i = 0; i < 230; i++) script.push(['burst', limits(100), T0 + 1000 + i * 20, 1]);
    script.push(['burst', limits(100), T0 + MIN, 1]);
    for (let i = 0; i < 10; i++) script.push(['end', limits(10), T0, 1]);
    script.push(['end', limits(10), T0 + 5_000, 1], ['end', limits(10), T0 + 14_999, 1], ['end', limits(10), T0 + 15_000, 1]);
    for (let i = 0; i < 5; i++) script.push(['day', limits(100, 3), T0 + i * MIN, 1]);
    const ask = limits(2, 100, 1, 0);
    script.push(['ask', ask, T0, 0], ['ask', ask, T0, 1], ['ask', ask, T0, 1], ['ask', ask, T0, 0], ['ask', ask, T0, 1]);
    // The next day comes last: its hit sweeps the earlier days' rows in the background, and a bucket
    // of the day before counted after it (the clock going back, as only a test's does) could lose its row.
    script.push(['day', limits(100, 3), Date.UTC(2026, 0, 6), 1]);
    for (const [bucket, l, at, cost] of script) {
      expect(await shared.hit(bucket, l, at, cost), `${bucket} at +${at - T0} ms`).toEqual(memory.hit(bucket, l, at, cost));
    }
  });

  it('admits exactly the limit when two instances count one bucket at once', async () => {
    const url = await pg.createDatabase();
    const a = openSharedPool(url);
    const b = openSharedPool(url);
    pools.push(a, b);
    const [la, lb] = [createPostgresRateLimiter(a), createPostgresRateLimiter(b)];
    const l = limits(60, 1_000_000, 1, 0);
    const at = Date.now();
    const decisions = await Promise.all(Array.from({ length: 200 }, (_, i) => (i % 2 ? la : lb).hit('project:x', l, at)));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(60);
  });

  it('forgets a bucket on reset before the next hit counts', async () => {
    const l = createPostgresRateLimiter(await pool());
    const lim = limits(1, 100, 1, 0);
    expect((await l.hit('r', lim, T0)).allowed).toBe(true);
    expect((await l.hit('r', lim, T0)).allowed).toBe(false);
    l.reset('r');
    expect((await l.hit('r', lim, T0)).allowed).toBe(true);
  });
});

describe('rate limits over HTTP on two instances', () => {
  let two: TwoApps;
  beforeAll(async () => {
    two = await startTwoApps(await pg.createDatabase());
  }, 120_000);
  afterAll(() => two?.close());

  it('answers 429 at the plan limit for the combined traffic of both instances', async () => {
    await two.a.ctx.services.org.updateOrganization(two.demo.organization_id, { plan: 'enterprise', rate_limits: { per_minute: 5, per_day: 1000 } });
    const get = (i: number) =>
      (i % 2 ? two.b : two.a).inject({ method: 'GET', url: `/v1/projects/${two.demo.project_id}/conversations`, headers: { authorization: `Bearer ${two.demo.api_key}` } });
    // Retried once if the clock minute happens to roll over mid-sequence.
    for (let attempt = 0; attempt < 2; attempt++) {
      two.a.rateLimiter.reset(`project:${two.demo.project_id}`);
      const responses = [];
      for (let i = 0; i < 11; i++) responses.push(await get(i));
      if (new Set(responses.map((r) => r.headers['x-ratelimit-reset'])).size > 1) continue;
      // 5 a minute, bursting to 2x: ten answered alternately by the two instances, the 11th refused.
      expect(responses.map((r) => r.statusCode)).toEqual([...Array(10).fill(200), 429]);
      expect(responses.slice(0, 5).map((r) => r.headers['x-ratelimit-remaining'])).toEqual(['4', '3', '2', '1', '0']);
      return;
    }
    throw new Error('the minute rolled over twice');
  });
});
