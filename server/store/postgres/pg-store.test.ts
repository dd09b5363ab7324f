// The PostgreSQL store against a real PostgreSQL (testing/pg-server.ts): the same contract suite as
// the embedded store, then what only a shared database has to prove (pg-store-shared.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { openPostgresStore } from './pg-store.js';
import { startPostgres, type TestPostgres } from './testing/pg-server.js';
import { QUERY_OPTIONS, storeContract, type Queried } from '../store.contract.js';
import { StoreCorruptError, type CollectionOptions, type StoredDoc } from '../types.js';

interface Item extends StoredDoc { name: string; tag?: string | null; n?: number; messages?: unknown[] }
type Types = { items: Item; others: Item; queried: Queried };

let server: TestPostgres;
beforeAll(async () => {
  server = await startPostgres();
});
afterAll(() => server?.stop());

const open = (url: string, options: CollectionOptions = {}) =>
  openPostgresStore<Types>({ url, options: { items: { indexes: ['tag'], ...options }, queried: QUERY_OPTIONS } }, ['items', 'others', 'queried']);

storeContract('postgres', (url) => open(url), () => server.createDatabase());

async function sql<R extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

describe('PostgreSQL store rows', () => {
  it('appends a message as one element row and leaves the others untouched', async () => {
    const url = await server.createDatabase();
    const store = await open(url, { appendOnly: ['messages'] });
    const items = store.collection('items');
    await items.put('p', { id: 'c', name: 'C', messages: [{ t: 1 }, { t: 2 }] });
    const before = await sql<{ seq: number; xmin: string }>(url, 'SELECT seq, xmin::text FROM parley_elements ORDER BY seq');
    await items.update('p', 'c', (d) => ({ ...d, name: 'C2', messages: [...d.messages!, { t: 3 }] }));
    const after = await sql<{ seq: number; xmin: string }>(url, 'SELECT seq, xmin::text FROM parley_elements ORDER BY seq');
    // xmin is the transaction that wrote a row: the first two rows are the ones the put wrote.
    expect(after.slice(0, 2)).toEqual(before);
    expect(after.map((r) => r.seq)).toEqual([0, 1, 2]);
    expect(after[2]!.xmin).not.toBe(before[0]!.xmin);
    expect(await items.get('p', 'c')).toEqual({ id: 'c', name: 'C2', messages: [{ t: 1 }, { t: 2 }, { t: 3 }] });
    // A change that is not an append (an element replaced) rewrites the field; [] and absent stay apart.
    await items.update('p', 'c', (d) => ({ ...d, messages: [{ t: 9 }] }));
    expect((await items.get('p', 'c'))?.messages).toEqual([{ t: 9 }]);
    await items.put('p', { id: 'e', name: 'E', messages: [] });
    await items.put('p', { id: 'f', name: 'F' });
    expect(await items.list('p')).toEqual([
      { id: 'c', name: 'C2', messages: [{ t: 9 }] },
      { id: 'e', name: 'E', messages: [] },
      { id: 'f', name: 'F' },
    ]);
    await items.update('p', 'e', ({ messages, ...rest }) => rest);
    expect(await items.get('p', 'e')).toEqual({ id: 'e', name: 'E' });
    await items.delete('p', 'c');
    expect(await sql(url, 'SELECT * FROM parley_elements')).toEqual([]);
    await store.close();
  });

  it('keeps any string JavaScript can hold (NUL, lone surrogates), as the embedded store does', async () => {
    const store = await open(await server.createDatabase());
    const name = 'a\u0000b\ud800c\u{1f600}';
    await store.collection('items').put('p', { id: 'a', name, tag: name });
    expect((await store.collection('items').get('p', 'a'))?.name).toBe(name);
    expect((await store.collection('items').findBy('tag', name)).map((d) => d.id)).toEqual(['a']);
    await store.close();
  });

  it('serves findBy on an indexed field from its partial expression index', async () => {
    const url = await server.createDatabase();
    const store = await open(url);
    await store.close();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    // Too few rows for the planner to prefer an index on its own; switching sequential scans off
    // shows the index can serve this exact statement (the collection literal matches its predicate).
    await client.query('SET enable_seqscan = off');
    const { PgCollection } = await import('./pg-collection.js');
    const text = new PgCollection('items', { indexes: ['tag'] }, null as never, null as never).sql.findBy('tag');
    const plan = (await client.query(`EXPLAIN ${text}`, ['"x"'])).rows.map((r) => r['QUERY PLAN']).join('\n');
    await client.end();
    expect(plan).toMatch(/Index Scan using parley_idx_items_tag|Bitmap Index Scan on parley_idx_items_tag/);
  });

  it('serves a filtered, ordered cursor page and a text search from the declared query indexes', async () => {
    const url = await server.createDatabase();
    const store = await open(url);
    const queried = store.collection('queried');
    const statuses = ['open', 'closed', 'pending', 'spam', 'held', 'new', 'old', 'done'];
    await Promise.all(Array.from({ length: 400 }, (_, i) => queried.put('p', { id: `d${i}`, name: 'n', status: statuses[i % 8], at: i % 50 })));
    await store.close();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('ANALYZE parley_documents');
    await client.query('SET enable_seqscan = off');
    const { QueryPlan } = await import('../query.js');
    const { querySql } = await import('./query-sql.js');
    const fields = Object.keys(QUERY_OPTIONS.queryFields!);
    const explain = async (q: object, shape: Parameters<typeof querySql>[4]) => {
      const { text, values } = querySql('queried', fields, new QueryPlan('queried', QUERY_OPTIONS, q), 'p', shape);
      return (await client.query(`EXPLAIN ${text}`, values)).rows.map((r) => r['QUERY PLAN']).join('\n');
    };
    const page = await explain(
      { where: { status: 'open' }, order: { by: 'at', desc: true } },
      { rows: { arrays: true, limit: 21, after: { id: 'x', value: 5 } } },
    );
    const search = await explain({ text: 'order' }, { count: true });
    await client.end();
    // The index hands the rows over in order from the cursor on: no sort of every match.
    expect(page).toMatch(/Index Scan Backward using parley_idx_queried_q_status_at/);
    expect(page).not.toMatch(/Sort/);
    expect(search).toMatch(/Bitmap Index Scan on parley_idx_queried_search/);
  });

  it('shows a query the documents as they were before writes pending at its call, though PostgreSQL committed them first', async () => {
    // Two connections, both taken by the updates: the query waits for one, so its statement runs
    // after at least one update committed (and before either update resolves).
    const store = await openPostgresStore<Types>({ url: await server.createDatabase(), options: { queried: QUERY_OPTIONS }, poolSize: 2 }, ['queried']);
    const c = store.collection('queried');
    await c.put('p', { id: 'x', name: 'X', status: 'open', at: 1 });
    await c.put('p', { id: 'y', name: 'Y', status: 'open', at: 2 });
    const writes = [c.update('p', 'x', (d) => ({ ...d, status: 'closed' })), c.update('p', 'y', (d) => ({ ...d, at: 0 }))];
    await new Promise((resolve) => setImmediate(resolve)); // the updates have their connections
    const page = await c.query('p', { where: { status: 'open' }, order: { by: 'at', desc: true } });
    expect(page.items.map((d) => [d.id, d.status, d.at])).toEqual([
      ['y', 'open', 2],
      ['x', 'open', 1],
    ]);
    await Promise.all(writes);
    expect((await c.query('p', { where: { status: 'open' }, order: { by: 'at', desc: true } })).items.map((d) => d.id)).toEqual(['y']);
    await store.close();
  });

  it('finds by numbers and booleans by type, and by absence on unindexed fields', async () => {
    const store = await open(await server.createDatabase());
    const items = store.collection('items');
    await items.put('p', { id: 'a', name: 'A', n: 1 });
    await items.put('p', { id: 'b', name: '1' });
    expect((await items.findBy('n', 1)).map((d) => d.id)).toEqual(['a']);
    expect((await items.findBy('name', '1')).map((d) => d.id)).toEqual(['b']);
    expect((await items.findBy('n', undefined)).map((d) => d.id)).toEqual(['b']);
    expect(await items.findBy('tag', null)).toEqual([]);
    await store.close();
  });

  it('upgrades documents of older schema versions at open and refuses newer ones', async () => {
    const url = await server.createDatabase();
    let store = await open(url);
    await store.collection('items').put('p', { id: 'a', name: 'old' });
    await store.close();
    const migrate = { 1: (d: any) => ({ ...d, name: `${d.name}!` }) };
    store = await open(url, { version: 2, migrate });
    expect(await store.collection('items').get('p', 'a')).toEqual({ id: 'a', name: 'old!' });
    expect(await sql(url, 'SELECT v FROM parley_documents')).toEqual([{ v: 2 }]);
    // A row an older instance wrote after this one started reads upgraded too.
    await sql(url, `INSERT INTO parley_documents (collection, scope, id, v, doc) VALUES ('items', 'p', 'b', 1, '{"id":"b","name":"late"}')`);
    expect(await store.collection('items').get('p', 'b')).toEqual({ id: 'b', name: 'late!' });
    await store.close();
    await sql(url, `UPDATE parley_documents SET v = 9 WHERE id = 'a'`);
    const err = await open(url, { version: 2, migrate }).catch((e) => e);
    expect(err).toBeInstanceOf(StoreCorruptError);
    expect((err as StoreCorruptError).files.map((f) => f.path)).toEqual(['PostgreSQL items/p/a']);
  });

  it('has no files to snapshot and says to use pg_dump', async () => {
    const store = await open(await server.createDatabase());
    await expect(store.snapshot(async () => {})).rejects.toThrow(/pg_dump/);
    await store.close();
  });
});
