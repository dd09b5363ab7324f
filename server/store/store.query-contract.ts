// The query part of the store contract (types.ts `Query`, docs/architecture.md section 7 "Queries"):
// filters, orders, cursor pages, counts and text search, which both stores must answer alike.
// Called from store.contract.ts on the `queried` collection, opened with QUERY_OPTIONS.
import { expect, it } from 'vitest';
import type { CollectionOptions, Collection, Cursor, Query, Store, StoredDoc } from './types.js';

export interface Queried extends StoredDoc {
  name: string;
  status?: string;
  at?: number | string | null;
  tags?: string[];
  messages?: { text: string }[];
}

export const QUERY_OPTIONS: CollectionOptions = {
  appendOnly: ['messages'],
  queryFields: { name: 'text', status: 'text', at: 'number', open: (d: Queried) => d.status !== 'closed' },
  queryIndexes: [['status', 'at'], ['at']],
  search: (d: Queried) => (d.messages ?? []).map((m) => m.text.toLowerCase()).join('\n'),
};

type Open = () => Promise<Store<{ queried: Queried }>>;

async function allPages(c: Collection<Queried>, scope: string, q: Query<Queried>): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let after: Cursor | undefined;
  let pages = 0;
  for (;;) {
    const page = await c.query(scope, { ...q, after });
    pages++;
    ids.push(...page.items.map((d) => d.id));
    if (!page.next) return { ids, pages };
    expect(page.items).toHaveLength(q.limit!);
    after = page.next;
  }
}

const pad = (n: number) => String(n).padStart(3, '0');

export function queryContract(open: Open) {
  it('filters by equality, IN, ranges and derived fields, and orders by a field with id breaking ties', async () => {
    const store = await open();
    const c = store.collection('queried');
    await c.put('p', { id: 'a', name: 'A', status: 'open', at: 3 });
    await c.put('p', { id: 'b', name: 'B', status: 'closed', at: 1 });
    await c.put('p', { id: 'c', name: 'C', status: 'open', at: 3 });
    await c.put('p', { id: 'd', name: 'D', status: 'pending', at: null });
    await c.put('p', { id: 'e', name: 'E', status: 'open', at: -2.5 });
    await c.put('p', { id: 'f', name: 'F', at: 'late' });
    await c.put('other', { id: 'g', name: 'G', status: 'open', at: 3 });
    const ids = async (q: Query<Queried>) => (await c.query('p', q)).items.map((d) => d.id);
    expect(await ids({})).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(await ids({ where: { status: 'open' }, order: { by: 'at', desc: true } })).toEqual(['c', 'a', 'e']);
    expect(await ids({ where: { status: { in: ['closed', 'pending'] } }, order: { by: 'at' } })).toEqual(['d', 'b']);
    expect(await ids({ where: { status: null } })).toEqual(['f']);
    // A range stays within its bound's type: neither null nor the string 'late' is >= -10.
    expect(await ids({ where: { at: { gte: -10, lt: 3 } }, order: { by: 'at' } })).toEqual(['e', 'b']);
    expect(await ids({ where: { at: { gt: 'a' } } })).toEqual(['f']);
    expect(await ids({ where: { open: false } })).toEqual(['b']);
    // null < numbers < strings, ascending; descending is the exact reverse.
    expect(await ids({ order: { by: 'at' } })).toEqual(['d', 'e', 'b', 'a', 'c', 'f']);
    expect(await ids({ order: { by: 'at', desc: true } })).toEqual(['f', 'c', 'a', 'b', 'e', 'd']);
    expect(await ids({ order: { desc: true }, limit: 2 })).toEqual(['f', 'e']);
    await expect(c.query('p', { where: { nope: 1 } })).rejects.toThrow(/not a declared query field/);
    await store.close();
  });

  it('pages with cursors through ties, in both directions, and picks up where a page ended after changes', async () => {
    const store = await open();
    const c = store.collection('queried');
    for (let i = 0; i < 23; i++) await c.put('p', { id: `x${pad(i)}`, name: `n${i}`, status: i % 4 === 0 ? 'closed' : 'open', at: i % 3 });
    const everything = (await c.query('p', {})).items;
    for (const desc of [false, true]) {
      const q: Query<Queried> = { where: { status: 'open' }, order: { by: 'at', desc }, limit: 4 };
      const expected = everything
        .filter((d) => d.status === 'open')
        .sort((a, b) => (a.at as number) - (b.at as number) || (a.id < b.id ? -1 : 1))
        .map((d) => d.id);
      if (desc) expected.reverse();
      expect(await allPages(c, 'p', q)).toEqual({ ids: expected, pages: 5 });
      expect((await allPages(c, 'p', { ...q, order: { desc }, limit: 5 })).ids).toEqual([...expected].sort((a, b) => (desc ? (a < b ? 1 : -1) : a < b ? -1 : 1)));
    }
    // A cursor is a position, not a document: it holds after its document changed or went.
    const first = await c.query('p', { order: { by: 'at' }, limit: 3 });
    await c.delete('p', first.items[2]!.id);
    await c.update('p', first.items[1]!.id, (d) => ({ ...d, at: 2 }));
    const second = await c.query('p', { order: { by: 'at' }, limit: 3, after: first.next! });
    expect(second.items.map((d) => d.id)).toEqual(['x009', 'x012', 'x015']);
    // An exact fit: the page holding the last match says there is no next one.
    expect((await c.query('p', { where: { status: 'closed' }, limit: 6 })).next).toBeNull();
    expect((await c.query('p', { where: { status: 'closed' }, limit: 5 })).next).toEqual({ id: 'x016' });
    await store.close();
  });

  it('applies a filter the database cannot run without shortening pages', async () => {
    const store = await open();
    const c = store.collection('queried');
    for (let i = 0; i < 30; i++) await c.put('p', { id: `t${pad(i)}`, name: `n${i}`, tags: i % 7 === 0 ? ['vip'] : [] });
    const q: Query<Queried> = { filter: (d) => d.tags?.includes('vip') === true, order: { desc: true }, limit: 2 };
    expect(await allPages(c, 'p', q)).toEqual({ ids: ['t028', 't021', 't014', 't007', 't000'], pages: 3 });
    expect(await c.count('p', q)).toBe(5);
    await store.close();
  });

  it('counts matches and groups counts by a field', async () => {
    const store = await open();
    const c = store.collection('queried');
    const statuses = ['open', 'open', 'closed', 'pending', 'open', undefined];
    for (const [i, status] of statuses.entries()) await c.put('p', { id: `c${i}`, name: 'n', status, at: i });
    await c.put('q', { id: 'other', name: 'n', status: 'open' });
    expect(await c.count('p')).toBe(6);
    expect(await c.count('p', { where: { status: 'open', at: { gt: 0 } } })).toBe(2);
    expect(await c.countBy('p', 'status')).toEqual([
      { value: null, count: 1 },
      { value: 'closed', count: 1 },
      { value: 'open', count: 3 },
      { value: 'pending', count: 1 },
    ]);
    expect(await c.countBy('p', 'open', { where: { at: { lt: 4 } } })).toEqual([
      { value: false, count: 1 },
      { value: true, count: 3 },
    ]);
    expect(await c.countBy('empty', 'status')).toEqual([]);
    await store.close();
  });

  it('searches the search text, and leaves the arrays out when asked to', async () => {
    const store = await open();
    const c = store.collection('queried');
    await c.put('p', { id: 'a', name: 'A', status: 'open', messages: [{ text: 'Where is my ORDER?' }] });
    await c.put('p', { id: 'b', name: 'B', status: 'open', messages: [{ text: 'hello' }] });
    await c.put('p', { id: 'c', name: 'C', status: 'closed', messages: [] });
    await c.update('p', 'c', (d) => ({ ...d, messages: [...d.messages!, { text: 'my order 100%_done' }] }));
    const ids = async (q: Query<Queried>) => (await c.query('p', q)).items.map((d) => d.id);
    expect(await ids({ text: 'my order' })).toEqual(['a', 'c']);
    expect(await ids({ text: 'my order', where: { status: 'open' } })).toEqual(['a']);
    // LIKE's wildcards are plain characters in a search.
    expect(await ids({ text: '100%_' })).toEqual(['c']);
    expect(await ids({ text: '%' })).toEqual(['c']);
    expect(await ids({ text: 'o_d' })).toEqual([]);
    expect(await c.count('p', { text: 'order' })).toBe(2);
    expect((await c.query('p', { where: { status: 'closed' } })).items[0]!.messages).toEqual([{ text: 'my order 100%_done' }]);
    expect((await c.query('p', { where: { status: 'closed' }, arrays: false })).items).toEqual([{ id: 'c', name: 'C', status: 'closed', messages: [] }]);
    expect((await c.get('p', 'c'))!.messages).toHaveLength(1);
    await store.close();
  });

  it('keeps values with NUL, lone surrogates and astral characters apart, in UTF-16 order', async () => {
    const store = await open();
    const c = store.collection('queried');
    const names = ['a\u0000b', 'a', 'a\u0000', '\uFFFF', '😀', '\uD800', 'é', 'E', ''];
    for (const [i, name] of names.entries()) await c.put('p', { id: `u${i}`, name, messages: [{ text: `x${name}y` }] });
    for (const [i, name] of names.entries()) expect((await c.query('p', { where: { name } })).items.map((d) => d.id)).toEqual([`u${i}`]);
    const ordered = (await c.query('p', { order: { by: 'name' } })).items.map((d) => d.name);
    expect(ordered).toEqual([...names].sort());
    expect((await c.query('p', { text: 'x😀y' })).items.map((d) => d.id)).toEqual(['u4']);
    expect((await c.query('p', { text: 'xa\u0000by' })).items.map((d) => d.id)).toEqual(['u0']);
    expect((await c.query('p', { text: 'xéy' })).items.map((d) => d.id)).toEqual(['u6']);
    await store.close();
  });

  it('shows a write to queries only once it is durable', async () => {
    const store = await open();
    const c = store.collection('queried');
    await c.put('p', { id: 'a', name: 'A', status: 'open', at: 1 });
    const put = c.put('p', { id: 'b', name: 'B', status: 'open', at: 2 });
    const update = c.update('p', 'a', (d) => ({ ...d, status: 'closed' }));
    const early = await c.query('p', { where: { status: 'open' }, order: { by: 'at', desc: true } });
    expect(early.items.map((d) => [d.id, d.status])).toEqual([['a', 'open']]);
    await Promise.all([put, update]);
    expect((await c.query('p', { where: { status: 'open' } })).items.map((d) => d.id)).toEqual(['b']);
    await store.close();
  });
}
