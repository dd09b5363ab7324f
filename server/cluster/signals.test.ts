// Cross-instance signals (signals.ts) on a real PostgreSQL: delivered to every instance including the
// sender (once: its own NOTIFY is skipped), ids-only payloads refused past the NOTIFY limit, and a
// killed LISTEN connection reconnects and tells subscribers to resync (what was published while it
// was down is lost to it, which is why resync exists).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startPostgres, type TestPostgres } from '../store/postgres/testing/pg-server.js';
import { createLocalSignals, createPostgresSignals, LISTENER_NAME, SignalTooLargeError, type ClusterSignals } from './signals.js';
import { createPresence } from '../domains/operators/presence.js';

let server: TestPostgres;
const opened: ClusterSignals[] = [];
beforeAll(async () => {
  server = await startPostgres();
});
afterAll(async () => {
  for (const s of opened) await s.close();
  await server?.stop();
});

async function pair(options: Parameters<typeof createPostgresSignals>[1] = {}) {
  const url = await server.createDatabase();
  const a = await createPostgresSignals(url, options);
  const b = await createPostgresSignals(url, options);
  opened.push(a, b);
  return { url, a, b };
}

function collect(s: ClusterSignals, topic: string) {
  const got: { payload: any; local: boolean }[] = [];
  s.subscribe(topic, (payload, origin) => got.push({ payload, local: origin.local }));
  return got;
}

async function until(check: () => boolean, ms = 5_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('cluster signals', () => {
  it('reach every instance, the sender at once and only once', async () => {
    const { a, b } = await pair();
    const onA = collect(a, 'job');
    const onB = collect(b, 'job');
    a.publish('job', { id: 'j1' });
    // Here synchronously, before any round trip.
    expect(onA).toEqual([{ payload: { id: 'j1' }, local: true }]);
    await until(() => onB.length === 1);
    expect(onB).toEqual([{ payload: { id: 'j1' }, local: false }]);
    b.publish('job', { id: 'j2' });
    await until(() => onA.length === 2);
    await new Promise((r) => setTimeout(r, 200));
    expect(onA.map((x) => x.payload.id)).toEqual(['j1', 'j2']);
    expect(onB.map((x) => x.payload.id)).toEqual(['j1', 'j2']);
  });

  it('keep the order of one sender', async () => {
    const { a, b } = await pair();
    const onB = collect(b, 'seq');
    for (let i = 1; i <= 50; i++) a.publish('seq', { s: i });
    await until(() => onB.length === 50);
    expect(onB.map((x) => x.payload.s)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('refuse a payload past the NOTIFY limit, locally too', async () => {
    const { a } = await pair();
    const big = { ids: 'x'.repeat(8000) };
    expect(() => a.publish('big', big)).toThrow(SignalTooLargeError);
    expect(() => createLocalSignals().publish('big', big)).toThrow(SignalTooLargeError);
  });

  it('reconnect after the LISTEN connection is killed and ask subscribers to resync', async () => {
    const { url, a, b } = await pair({ minBackoffMs: 300 });
    const onA = collect(a, 'doorbell');
    const resyncs: number[] = [];
    a.onResync(({ lostAt }) => resyncs.push(lostAt));
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const before = Date.now();
      // Both instances' listeners on this database; kill A's only (the newest backend is B's).
      const rows = (await admin.query(`SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database() ORDER BY backend_start`, [LISTENER_NAME])).rows;
      expect(rows).toHaveLength(2);
      await admin.query('SELECT pg_terminate_backend($1)', [rows[0].pid]);
      await until(() => onA.length === 0 && Date.now() - before > 50);
      // Published while A is down: NOTIFY keeps nothing for it.
      b.publish('doorbell', { id: 'missed' });
      await until(() => resyncs.length === 1);
      expect(resyncs[0]).toBeGreaterThanOrEqual(before);
      expect(onA).toEqual([]);
      // Listening again.
      b.publish('doorbell', { id: 'after' });
      await until(() => onA.length === 1);
      expect(onA[0]!.payload).toEqual({ id: 'after' });
    } finally {
      await admin.end();
    }
  });

  it('fail at start when the database cannot be reached', async () => {
    await expect(createPostgresSignals('postgresql://parley@localhost/none?host=/nonexistent-socket-dir')).rejects.toThrow();
  });
});

describe('presence over signals', () => {
  it('counts a member online on another instance, once, until they leave or their instance goes quiet', async () => {
    const { a, b } = await pair();
    const onA = createPresence(a, { heartbeatMs: 100, expiryMs: 400 });
    const onB = createPresence(b, { heartbeatMs: 100, expiryMs: 400 });
    const ada = { member_id: 'm-ada', name: 'Ada', role: 'operator' as const };
    const changes: string[] = [];
    onA.changes.on('change', (p) => changes.push(p));
    onB.join('p1', ada);
    await until(() => onA.online('p1').length === 1);
    expect(onA.online('p1')).toEqual([ada]);
    expect(changes).toContain('p1');
    onA.join('p1', ada);
    expect(onA.online('p1')).toEqual([ada]);
    onA.leave('p1', ada.member_id);
    onB.leave('p1', ada.member_id);
    await until(() => onA.online('p1').length === 0);
    // An instance that stops announcing (crashed) drops out after the expiry.
    onB.join('p2', ada);
    await until(() => onA.online('p2').length === 1);
    onB.close();
    await until(() => onA.online('p2').length === 0, 2_000);
    onA.close();
  });
});
