// The store's online snapshot (README "Data and backups"): while writes go on and compactions would
// start, the files it hands over stay unchanged and recover to exactly what was acknowledged before.
import { describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { openLowdbStore } from './lowdb-store.js';
import { recover } from './recovery.js';
import type { Store, StoredDoc } from '../types.js';

interface Item extends StoredDoc { name: string; lines?: string[] }
type Types = { items: Item; others: Item };
const NAMES = ['items', 'others'] as const;

const tempDir = () => mkdtemp(join(tmpdir(), 'parley-snapshot-'));
// A tiny compaction threshold: nearly every batch would start one.
const open = (dir: string) =>
  openLowdbStore<Types>({ dir, compactBytes: 512, options: { items: { appendOnly: ['lines'] } } }, NAMES);

/** Puts, appends, overwrites and removals over a few documents in two collections. */
async function churn(store: Store<Types>, round: string, count: number) {
  const items = store.collection('items');
  const others = store.collection('others');
  await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const id = `d${i % 7}`;
      if (!(await items.get('p', id))) await items.put('p', { id, name: `${round}-${i}`, lines: [] });
      await items.update('p', id, (d) => ({ ...d, lines: [...(d.lines ?? []), `${round}-${i}`] }));
      await others.put(`s${i % 3}`, { id: `o${i % 5}`, name: `${round}-${i}` });
      if (i % 11 === 10) await others.delete(`s${i % 3}`, `o${(i + 1) % 5}`);
    }),
  );
}

async function contents(store: Store<Types>) {
  const out: Record<string, unknown> = {};
  for (const name of NAMES) {
    const c = store.collection(name);
    for (const scope of await c.scopes()) for (const doc of await c.list(scope)) out[`${name}/${scope}/${doc.id}`] = structuredClone(doc);
  }
  return out;
}

function recovered(dir: string) {
  const r = recover(dir, NAMES, { removeTemps: false });
  const out: Record<string, unknown> = {};
  for (const name of NAMES) for (const [key, raw] of r.docs.get(name)!) if (raw) out[`${name}/${key}`] = raw.doc;
  return { docs: out, problems: r.problems, droppedTail: r.droppedTail };
}

describe('lowdb store snapshot', () => {
  it('hands over files that recover to exactly the acknowledged state, unchanged by writes and compactions meanwhile', async () => {
    const dir = await tempDir();
    const copyDir = await tempDir();
    const store = await open(dir);
    await churn(store, 'before', 60); // several compactions have run
    const before = await contents(store);

    const files = await store.snapshot(async (files) => {
      // Acknowledged during the snapshot: each batch passes the threshold, and no compaction may
      // rewrite a listed file or remove a listed segment before the copy below.
      await churn(store, 'during', 60);
      for (const file of files) {
        await mkdir(dirname(join(copyDir, file)), { recursive: true });
        await writeFile(join(copyDir, file), await readFile(join(dir, file)));
      }
      return files;
    });
    expect(files.some((f) => f.startsWith('.wal/'))).toBe(true);
    expect(files.some((f) => f.startsWith('items/p/'))).toBe(true);

    const copy = recovered(copyDir);
    expect(copy.problems).toEqual([]);
    expect(copy.droppedTail).toBeNull();
    expect(copy.docs).toEqual(before);

    // The live store goes on: later compactions remove the segment the snapshot finished too.
    await churn(store, 'after', 60);
    const after = await contents(store);
    await store.close();
    expect(await readdir(join(dir, '.wal'))).toHaveLength(1);
    const reopened = await open(dir);
    expect(await contents(reopened)).toEqual(after);
    await reopened.close();
  });

  it('waits for a running compaction and lets the next one start once the copy is done', async () => {
    const dir = await tempDir();
    const store = await open(dir);
    const writes = churn(store, 'a', 30); // compactions start while these land
    const seen = await store.snapshot(async (files) => files);
    await writes;
    await churn(store, 'b', 30);
    const state = await contents(store);
    await store.close();
    expect(seen.length).toBeGreaterThan(0);
    expect(await readdir(join(dir, '.wal'))).toHaveLength(1);
    const reopened = await open(dir);
    expect(await contents(reopened)).toEqual(state);
    await reopened.close();
  });

  it('refuses once the store is closed', async () => {
    const store = await open(await tempDir());
    await store.close();
    await expect(store.snapshot(async () => 0)).rejects.toThrow('store is closed');
  });
});
