// Job claims (claims.ts, pg-claims.ts): the same rules in memory and in PostgreSQL: one holder at a
// time, renewal only by the holder, a lapsed lease free for anyone, takeOver handing each orphan
// to one instance only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryClaims, exclusively, type JobClaims } from './claims.js';
import { createPgClaims } from './pg-claims.js';
import { openSharedPool, type SharedPool } from './database.js';
import { clock } from '../lib/clock.js';
import { startPostgres, type TestPostgres } from '../store/postgres/testing/pg-server.js';

let pg: TestPostgres;
const pools: SharedPool[] = [];
beforeAll(async () => {
  pg = await startPostgres();
}, 60_000);
afterAll(async () => {
  clock.now = () => Date.now();
  for (const p of pools) await p.end();
  await pg?.stop();
});

/** Two instances' claims over one table (or one map: the memory claims are one process's). */
async function pair(kind: 'memory' | 'postgres'): Promise<[JobClaims, JobClaims]> {
  if (kind === 'memory') {
    const one = createMemoryClaims('a');
    return [one, { ...one, instanceId: 'b', acquire: (n, o) => one.acquire(n, { holder: 'b', ...o }), renew: (n, t, h = 'b') => one.renew(n, t, h), release: (n, h = 'b') => one.release(n, h) }];
  }
  const url = await pg.createDatabase();
  const [p1, p2] = [openSharedPool(url), openSharedPool(url)];
  pools.push(p1, p2);
  return [createPgClaims(p1, 'a'), createPgClaims(p2, 'b')];
}

describe.each(['memory', 'postgres'] as const)('job claims (%s)', (kind) => {
  it('has one holder until it releases or its lease lapses', async () => {
    const [a, b] = await pair(kind);
    const start = Date.now();
    clock.now = () => start;
    expect(await a.acquire('job-1', { ttlMs: 1000 })).toBe(true);
    expect(await b.acquire('job-1', { ttlMs: 1000 })).toBe(false);
    expect(await a.acquire('job-1', { ttlMs: 1000 })).toBe(true); // its own: renewed
    expect(await b.renew('job-1', 1000)).toBe(false);
    await b.release('job-1'); // not b's: stays
    expect(await b.acquire('job-1', { ttlMs: 1000 })).toBe(false);
    await a.release('job-1');
    expect(await b.acquire('job-1', { ttlMs: 1000 })).toBe(true);
    // b stops renewing (it died): a second later the claim is free and a takes it.
    clock.now = () => start + 1001;
    expect(await a.acquire('job-1', { ttlMs: 1000 })).toBe(true);
    expect(await b.renew('job-1', 1000)).toBe(false);
    clock.now = () => Date.now();
  });

  it('hands each orphan of a kind to one taker, with what it was about', async () => {
    const [a, b] = await pair(kind);
    const start = Date.now();
    clock.now = () => start;
    for (let i = 0; i < 4; i++) await a.acquire(`sync-${i}`, { ttlMs: 500, kind: 'sync', payload: { n: i } });
    await a.acquire('other', { ttlMs: 500, kind: 'export' });
    expect(await b.takeOver('sync', 1000)).toBeNull(); // all alive
    clock.now = () => start + 600;
    const taken = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? a : b).takeOver('sync', 1000)));
    const names = taken.filter((t) => t !== null).map((t) => t!.name);
    expect(names.sort()).toEqual(['sync-0', 'sync-1', 'sync-2', 'sync-3']);
    expect(taken.find((t) => t?.name === 'sync-2')!.payload).toEqual({ n: 2 });
    clock.now = () => Date.now();
  });

  it('runs exclusively across holders', async () => {
    const [a, b] = await pair(kind);
    let inside = 0;
    let most = 0;
    const work = async () => {
      most = Math.max(most, ++inside);
      await new Promise((r) => setTimeout(r, 20));
      inside--;
    };
    await Promise.all(Array.from({ length: 6 }, (_, i) => exclusively(i % 2 ? a : b, 'build', 5000, work)));
    expect(most).toBe(1);
  });
});
