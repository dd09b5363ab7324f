// The contract every Store implementation passes (docs/architecture.md section 7). Call it from a test file with
// a function that opens a fresh or re-opened store on a directory.
import { describe, expect, it } from 'vitest';
import type { Store, StoredDoc } from './types.js';
import { queryContract, type Queried } from './store.query-contract.js';
import { transactionContract } from './store.transaction-contract.js';

export { QUERY_OPTIONS, type Queried } from './store.query-contract.js';

interface Item extends StoredDoc {
  name: string;
  tag?: string | null;
  n?: number;
}
/** `queried` is opened with QUERY_OPTIONS. */
type Types = { items: Item; others: Item; queried: Queried };

export type OpenStore = (dir: string) => Promise<Store<Types>>;

export function storeContract(label: string, open: OpenStore, tempDir: () => Promise<string>) {
  describe(`Store contract: ${label}`, () => {
    it('puts, gets and lists documents per scope in id order', async () => {
      const store = await open(await tempDir());
      const items = store.collection('items');
      await items.put('p1', { id: 'b', name: 'B' });
      await items.put('p1', { id: 'a', name: 'A' });
      await items.put('p2', { id: 'c', name: 'C' });
      expect((await items.list('p1')).map((i) => i.id)).toEqual(['a', 'b']);
      expect((await items.list('p2')).map((i) => i.id)).toEqual(['c']);
      expect(await items.get('p1', 'c')).toBeUndefined();
      expect((await items.get('p2', 'c'))?.name).toBe('C');
      expect((await items.scopes()).sort()).toEqual(['p1', 'p2']);
      await store.close();
    });

    it('keeps collections apart', async () => {
      const store = await open(await tempDir());
      await store.collection('items').put('p', { id: 'x', name: 'item' });
      expect(await store.collection('others').get('p', 'x')).toBeUndefined();
      await store.close();
    });

    it('persists across reopen, including updates and deletes', async () => {
      const dir = await tempDir();
      let store = await open(dir);
      const items = store.collection('items');
      await items.put('p', { id: 'a', name: 'A' });
      await items.put('p', { id: 'b', name: 'B' });
      await items.update('p', 'a', (d) => ({ ...d, name: 'A2' }));
      await items.delete('p', 'b');
      await store.close();
      store = await open(dir);
      expect(await store.collection('items').list('p')).toEqual([{ id: 'a', name: 'A2' }]);
      await store.close();
    });

    it('serialises concurrent updates of one document without losing any', async () => {
      const store = await open(await tempDir());
      const items = store.collection('items');
      await items.put('p', { id: 'counter', name: 'c', n: 0 });
      await Promise.all(Array.from({ length: 50 }, () => items.update('p', 'counter', (d) => ({ ...d, n: (d.n ?? 0) + 1 }))));
      expect((await items.get('p', 'counter'))?.n).toBe(50);
      await store.close();
    });

    it('update returns undefined for a missing document and leaves it unchanged when fn returns undefined', async () => {
      const store = await open(await tempDir());
      const items = store.collection('items');
      expect(await items.update('p', 'nope', (d) => d)).toBeUndefined();
      await items.put('p', { id: 'a', name: 'A' });
      expect(await items.update('p', 'a', () => undefined)).toEqual({ id: 'a', name: 'A' });
      await expect(items.update('p', 'a', () => { throw new Error('boom'); })).rejects.toThrow('boom');
      expect(await items.get('p', 'a')).toEqual({ id: 'a', name: 'A' });
      await store.close();
    });

    it('finds by field across scopes and keeps indexes current', async () => {
      const store = await open(await tempDir());
      const items = store.collection('items');
      await items.put('p1', { id: 'a', name: 'A', tag: 'x' });
      await items.put('p2', { id: 'b', name: 'B', tag: 'x' });
      expect((await items.findBy('tag', 'x')).map((i) => i.id).sort()).toEqual(['a', 'b']);
      await items.update('p1', 'a', (d) => ({ ...d, tag: 'y' }));
      expect((await items.findBy('tag', 'x')).map((i) => i.id)).toEqual(['b']);
      await items.delete('p2', 'b');
      expect(await items.findBy('tag', 'x')).toEqual([]);
      await store.close();
    });

    it('delete reports whether something was removed', async () => {
      const store = await open(await tempDir());
      const items = store.collection('items');
      await items.put('p', { id: 'a', name: 'A' });
      expect(await items.delete('p', 'a')).toBe(true);
      expect(await items.delete('p', 'a')).toBe(false);
      await store.close();
    });

    it('shows a change to readers only once it is durable (memory follows the disk)', async () => {
      const store = await open(await tempDir());
      const items = store.collection('items');
      const put = items.put('p', { id: 'a', name: 'A', tag: 't' });
      expect(await items.get('p', 'a')).toBeUndefined();
      expect(await items.findBy('tag', 't')).toEqual([]);
      await put;
      expect(await items.get('p', 'a')).toEqual({ id: 'a', name: 'A', tag: 't' });
      const update = items.update('p', 'a', (d) => ({ ...d, name: 'A2' }));
      expect((await items.get('p', 'a'))?.name).toBe('A');
      await update;
      expect((await items.get('p', 'a'))?.name).toBe('A2');
      await store.close();
    });

    it('applies an update after the pending changes of the same document, even before they are durable', async () => {
      const store = await open(await tempDir());
      const items = store.collection('items');
      const put = items.put('p', { id: 'a', name: 'A', n: 1 });
      const seen: (number | undefined)[] = [];
      const update = items.update('p', 'a', (d) => {
        seen.push(d.n);
        return undefined;
      });
      expect(await update).toEqual({ id: 'a', name: 'A', n: 1 });
      await put;
      expect(seen).toEqual([1]);
      await store.close();
    });

    it('leaves memory unchanged when a write fails, and keeps serving the document', async () => {
      const store = await open(await tempDir());
      const items = store.collection('items');
      // A BigInt cannot be serialised as JSON, so the write of this document fails.
      await expect(items.put('p', { id: 'bad', name: 'B', n: 10n as unknown as number })).rejects.toThrow();
      expect(await items.get('p', 'bad')).toBeUndefined();
      expect(await items.list('p')).toEqual([]);
      await items.put('p', { id: 'a', name: 'A', tag: 'x' });
      await expect(items.update('p', 'a', (d) => ({ ...d, tag: 'y', n: 1n as unknown as number }))).rejects.toThrow();
      expect(await items.get('p', 'a')).toEqual({ id: 'a', name: 'A', tag: 'x' });
      expect((await items.findBy('tag', 'x')).map((i) => i.id)).toEqual(['a']);
      expect(await items.findBy('tag', 'y')).toEqual([]);
      expect(await items.update('p', 'a', (d) => ({ ...d, name: 'A2' }))).toEqual({ id: 'a', name: 'A2', tag: 'x' });
      await store.close();
    });

    it('rejects unsafe scope and id values instead of writing outside its directory', async () => {
      const store = await open(await tempDir());
      await expect(store.collection('items').put('../x', { id: 'a', name: 'A' })).rejects.toThrow();
      await expect(store.collection('items').put('p', { id: '../../etc', name: 'A' })).rejects.toThrow();
      await store.close();
    });

    queryContract(async () => open(await tempDir()));

    transactionContract(async () => {
      const dir = await tempDir();
      return { store: await open(dir), reopen: () => open(dir) };
    });
  });
}
