// What N Parley instances on one database rely on (docs/architecture.md "PostgreSQL store"): two
// stores open on the same database, as two processes would be, against a real PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { SCHEMA_MIGRATIONS } from './schema.js';
import { openPostgresStore } from './pg-store.js';
import { startPostgres, type TestPostgres } from './testing/pg-server.js';
import type { CollectionOptions, StoredDoc } from '../types.js';

interface Item extends StoredDoc { name: string; tag?: string; n?: number; messages?: number[] }
type Types = { items: Item };

let server: TestPostgres;
beforeAll(async () => {
  server = await startPostgres();
});
afterAll(() => server?.stop());

const open = (url: string, options: CollectionOptions = { indexes: ['tag'], appendOnly: ['messages'] }) =>
  openPostgresStore<Types>({ url, options: { items: options } }, ['items']);

describe('two instances on one database', () => {
  it('never lose each other\'s updates of one document', async () => {
    const url = await server.createDatabase();
    const [a, b] = await Promise.all([open(url), open(url)]);
    await a.collection('items').put('p', { id: 'x', name: 'X', n: 0, messages: [] });
    // Each instance's own updates are chained in order; across the two only the row lock keeps a
    // read-modify-write from overwriting the other's (READ COMMITTED alone would lose some).
    const bump = (store: typeof a, k: number) =>
      store.collection('items').update('p', 'x', (d) => ({ ...d, n: (d.n ?? 0) + 1, messages: [...d.messages!, k] }));
    await Promise.all(Array.from({ length: 40 }, (_, k) => bump(k % 2 ? a : b, k)));
    const doc = await b.collection('items').get('p', 'x');
    expect(doc?.n).toBe(40);
    expect([...doc!.messages!].sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, k) => k));
    await Promise.all([a.close(), b.close()]);
  });

  it('see a write as soon as it resolves, and not before it commits', async () => {
    const url = await server.createDatabase();
    const [a, b] = await Promise.all([open(url), open(url)]);
    // A third connection holds a SHARE lock on the table: reads go on, the put's write waits. (Left
    // to race, the put could commit before b's read is sent, and b rightly sees it.)
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE parley_documents IN SHARE MODE');
    let resolved = false;
    const put = a.collection('items').put('p', { id: 'y', name: 'Y', tag: 't' }).then(() => {
      resolved = true;
    });
    // The put is under way: its write waits on the lock.
    await expect.poll(async () => (await holder.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock'`)).rows[0].n).toBe(1);
    expect(await b.collection('items').get('p', 'y')).toBeUndefined();
    expect(resolved).toBe(false);
    await holder.query('COMMIT');
    await holder.end();
    await put;
    expect(await b.collection('items').get('p', 'y')).toEqual({ id: 'y', name: 'Y', tag: 't' });
    expect((await b.collection('items').findBy('tag', 't')).map((d) => d.id)).toEqual(['y']);
    await a.collection('items').delete('p', 'y');
    expect(await b.collection('items').get('p', 'y')).toBeUndefined();
    await Promise.all([a.close(), b.close()]);
  });

  it('migrate a new database once when they start together', async () => {
    const url = await server.createDatabase();
    const stores = await Promise.all([open(url), open(url), open(url)]);
    await Promise.all(stores.map((s) => s.close()));
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query('SELECT version FROM parley_schema_migrations ORDER BY version');
    await client.end();
    // Each migration once.
    expect(rows).toEqual(SCHEMA_MIGRATIONS.map((_, i) => ({ version: i + 1 })));
  });

  it('fill in the keys of a field that gained an index since the documents were written', async () => {
    const url = await server.createDatabase();
    let store = await open(url, {});
    await store.collection('items').put('p', { id: 'a', name: 'A', tag: 'old' });
    await store.close();
    store = await open(url);
    expect((await store.collection('items').findBy('tag', 'old')).map((d) => d.id)).toEqual(['a']);
    await store.close();
  });
});
