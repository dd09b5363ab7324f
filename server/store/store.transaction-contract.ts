// The transaction part of the store contract (types.ts `Transaction`, docs/architecture.md section 7
// "Transactions"): writes to several documents applied all or nothing, shown together, serialised
// with the single-document writes. Called from store.contract.ts.
import { expect, it } from 'vitest';
import { StoreConflictError, type Store, type StoredDoc } from './types.js';

interface Item extends StoredDoc {
  name: string;
  tag?: string | null;
  n?: number;
}
type Open = () => Promise<{ store: Store<{ items: Item; others: Item }>; reopen: () => Promise<Store<{ items: Item; others: Item }>> }>;

export function transactionContract(open: Open) {
  it('transact writes documents of several collections and scopes together, shown all at once', async () => {
    const { store, reopen } = await open();
    const items = store.collection('items');
    const others = store.collection('others');
    await items.put('p1', { id: 'old', name: 'Old', n: 1 });
    const done = store.transact((tx) => {
      tx.create('items', 'p1', { id: 'a', name: 'A', tag: 't' });
      tx.put('others', 'p2', { id: 'b', name: 'B' });
      tx.update('items', 'p1', 'old', (d) => ({ ...d!, n: 2 }));
      tx.update('items', 'p1', 'fresh', (d) => d ?? { id: 'fresh', name: 'made by update' });
    });
    // Read while it runs, its update first: the commit may land between any two reads (a store that
    // commits asynchronously), but once the update shows, its creates must show too: never part of it.
    const seenOld = (await items.get('p1', 'old'))?.n;
    const seenA = await items.get('p1', 'a');
    const seenB = await others.get('p2', 'b');
    expect([1, 2]).toContain(seenOld);
    if (seenOld === 2) expect([seenA?.id, seenB?.id]).toEqual(['a', 'b']);
    await done;
    expect(await items.get('p1', 'a')).toEqual({ id: 'a', name: 'A', tag: 't' });
    expect((await items.findBy('tag', 't')).map((d) => d.id)).toEqual(['a']);
    expect(await others.get('p2', 'b')).toEqual({ id: 'b', name: 'B' });
    expect((await items.list('p1')).map((d) => [d.id, d.n])).toEqual([
      ['a', undefined],
      ['fresh', undefined],
      ['old', 2],
    ]);
    await store.transact((tx) => {
      tx.delete('items', 'p1', 'fresh');
      tx.update('items', 'p1', 'missing', () => undefined);
    });
    await store.close();
    const again = await reopen();
    expect((await again.collection('items').list('p1')).map((d) => d.id)).toEqual(['a', 'old']);
    expect(await again.collection('others').get('p2', 'b')).toEqual({ id: 'b', name: 'B' });
    await again.close();
  });

  it('transact writes nothing when a create meets an existing document, an update function throws, or a document cannot be stored', async () => {
    const { store } = await open();
    const items = store.collection('items');
    const others = store.collection('others');
    await items.put('p', { id: 'taken', name: 'Taken' });
    await items.put('p', { id: 'kept', name: 'Kept', n: 1 });
    const attempts: [string, Promise<void>][] = [
      [
        'conflict',
        store.transact((tx) => {
          tx.put('others', 'q', { id: 'x', name: 'X' });
          tx.update('items', 'p', 'kept', (d) => ({ ...d!, n: 2 }));
          tx.create('items', 'p', { id: 'taken', name: 'Again' });
        }),
      ],
      [
        'update throws',
        store.transact((tx) => {
          tx.put('others', 'q', { id: 'x', name: 'X' });
          tx.update('items', 'p', 'kept', () => {
            throw new Error('boom');
          });
        }),
      ],
      [
        'record throws',
        store.transact(async (tx) => {
          tx.put('others', 'q', { id: 'x', name: 'X' });
          await items.get('p', 'kept');
          throw new Error('half way');
        }),
      ],
      [
        'unstorable',
        store.transact((tx) => {
          tx.put('others', 'q', { id: 'x', name: 'X' });
          // A BigInt cannot be serialised as JSON.
          tx.update('items', 'p', 'kept', (d) => ({ ...d!, n: 5n as unknown as number }));
        }),
      ],
    ];
    const outcomes = await Promise.allSettled(attempts.map(([, p]) => p));
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected', 'rejected']);
    expect((outcomes[0] as PromiseRejectedResult).reason).toBeInstanceOf(StoreConflictError);
    expect((outcomes[1] as PromiseRejectedResult).reason.message).toBe('boom');
    expect((outcomes[2] as PromiseRejectedResult).reason.message).toBe('half way');
    expect(await others.get('q', 'x')).toBeUndefined();
    expect(await others.scopes()).toEqual([]);
    expect(await items.get('p', 'kept')).toEqual({ id: 'kept', name: 'Kept', n: 1 });
    expect(await items.get('p', 'taken')).toEqual({ id: 'taken', name: 'Taken' });
    // The documents stay writable, by single writes and transactions alike.
    await store.transact((tx) => tx.update('items', 'p', 'kept', (d) => ({ ...d!, n: 3 })));
    expect(await items.update('p', 'kept', (d) => ({ ...d, n: d.n! + 1 }))).toEqual({ id: 'kept', name: 'Kept', n: 4 });
    await store.close();
  });

  it('transact serialises with single writes and with other transactions over the same documents, in either order', async () => {
    const { store } = await open();
    const items = store.collection('items');
    await items.put('p', { id: 'x', name: 'X', n: 0 });
    await items.put('p', { id: 'y', name: 'Y', n: 0 });
    const bump = (d: Item | undefined) => ({ ...d!, n: (d!.n ?? 0) + 1 });
    await Promise.all(
      Array.from({ length: 30 }, (_, k) =>
        k % 3 === 0
          ? items.update('p', k % 2 ? 'x' : 'y', bump)
          : store.transact((tx) => {
              for (const id of k % 2 ? ['x', 'y'] : ['y', 'x']) tx.update('items', 'p', id, bump);
            }),
      ),
    );
    expect((await items.get('p', 'x'))!.n! + (await items.get('p', 'y'))!.n!).toBe(50);
    expect((await items.get('p', 'x'))!.n).toBe(25);
    await store.close();
  });
}
