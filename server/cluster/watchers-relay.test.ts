// The visitor-reply e-mail asks the other instances whether the visitor has the conversation open
// there (watchers-relay.ts). Two signal connections on a real PostgreSQL stand for two instances; each
// instance's own widget sockets are given as the set it watches.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type TestPostgres } from '../store/postgres/testing/pg-server.js';
import { createPostgresSignals, type ClusterSignals } from './signals.js';
import { startWatchersRelay, visitorConnectedAnywhere, WATCH_QUERY_MS } from './watchers-relay.js';
import type { AppContext } from '../context.js';

let server: TestPostgres;
const opened: ClusterSignals[] = [];
beforeAll(async () => {
  server = await startPostgres();
});
afterAll(async () => {
  for (const s of opened) await s.close();
  await server?.stop();
});

describe('visitor watching across instances', () => {
  it('is true when another instance holds a socket on the conversation, false (after the wait) when none does', async () => {
    const url = await server.createDatabase();
    const a = { signals: await createPostgresSignals(url) } as AppContext;
    const b = { signals: await createPostgresSignals(url) } as AppContext;
    opened.push(a.signals, b.signals);
    const onA = new Set<string>();
    const onB = new Set(['c-on-b']);
    const stops = [startWatchersRelay(a, (c) => onA.has(c)), startWatchersRelay(b, (c) => onB.has(c))];
    expect(await visitorConnectedAnywhere(a, 'c-on-b', (c) => onA.has(c))).toBe(true);
    const started = Date.now();
    expect(await visitorConnectedAnywhere(a, 'c-nowhere', (c) => onA.has(c))).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(WATCH_QUERY_MS - 10);
    stops.forEach((stop) => stop());
  });
});
