import { describe, expect, it } from 'vitest';
import { mkdtemp, readdir, readFile, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLowdbStore } from './lowdb-store.js';
import { recover } from './recovery.js';
import { QUERY_OPTIONS, storeContract, type Queried } from '../store.contract.js';
import { StoreCorruptError, type StoredDoc } from '../types.js';

interface Item extends StoredDoc { name: string; tag?: string | null; n?: number }
type Types = { items: Item; others: Item; queried: Queried };

const tempDir = () => mkdtemp(join(tmpdir(), 'parley-store-'));
const open = (dir: string, options = {}) =>
  openLowdbStore<Types>({ dir, options: { items: { indexes: ['tag'], ...options }, queried: QUERY_OPTIONS } }, ['items', 'others', 'queried']);

storeContract('lowdb', (dir) => open(dir), tempDir);

describe('lowdb store memory', () => {
  it('never grows an array list() returned, while new documents join the next list and queries at once', async () => {
    const store = await open(await tempDir());
    const items = store.collection('items');
    await items.put('p', { id: 'a', name: 'A' });
    const before = await items.list('p');
    await items.put('p', { id: 'b', name: 'B' });
    expect(before.map((d) => d.id)).toEqual(['a']);
    expect((await items.list('p')).map((d) => d.id)).toEqual(['a', 'b']);
    await items.put('p', { id: 'c', name: 'C' });
    expect((await items.query('p', { order: { desc: true } })).items.map((d) => d.id)).toEqual(['c', 'b', 'a']);
    await store.close();
  });
});

describe('lowdb store files', () => {
  it('logs a transaction as one line, which recovery replays whole or, cut short, not at all', async () => {
    const dir = await tempDir();
    const store = await open(dir);
    await store.collection('items').put('p', { id: 'a', name: 'A' });
    await store.transact((tx) => {
      tx.put('items', 'p', { id: 'b', name: 'B' });
      tx.put('others', 'q', { id: 'c', name: 'C' });
      tx.update('items', 'p', 'a', (d) => ({ ...d!, n: 1 }));
    });
    const [segment] = (await readdir(join(dir, '.wal'))).filter((f) => f.endsWith('.log'));
    const bytes = await readFile(join(dir, '.wal', segment!));
    expect(bytes.toString('utf8').trimEnd().split('\n')).toHaveLength(2);
    const names = ['items', 'others'];
    const whole = recover(dir, names, { removeTemps: false });
    expect(whole.docs.get('items')!.get('p/a')?.doc).toEqual({ id: 'a', name: 'A', n: 1 });
    expect(whole.docs.get('others')!.get('q/c')?.doc).toEqual({ id: 'c', name: 'C' });
    // The same log as a crash in the middle of writing the transaction's line would leave it.
    const cut = await tempDir();
    await mkdir(join(cut, '.wal'));
    await writeFile(join(cut, '.wal', segment!), bytes.subarray(0, bytes.length - 30));
    const torn = recover(cut, names, { removeTemps: false });
    expect(torn.droppedTail).not.toBeNull();
    expect(torn.docs.get('items')!.get('p/a')?.doc).toEqual({ id: 'a', name: 'A' });
    expect(torn.docs.get('items')!.has('p/b')).toBe(false);
    expect(torn.docs.get('others')!.size).toBe(0);
    await store.close();
  });

  it('writes compact JSON with a schema version in every file', async () => {
    const dir = await tempDir();
    const store = await open(dir);
    await store.collection('items').put('p', { id: 'a', name: 'A' });
    await store.close();
    const text = await readFile(join(dir, 'items', 'p', 'a.json'), 'utf8');
    expect(text).toBe('{"v":1,"l":1,"doc":{"id":"a","name":"A"}}');
  });

  it('reports a corrupt file with its path at open and never resets it', async () => {
    const dir = await tempDir();
    await mkdir(join(dir, 'items', 'p'), { recursive: true });
    const bad = join(dir, 'items', 'p', 'broken.json');
    await writeFile(bad, '{"v":1,"doc":{"id":"bro');
    const err = await open(dir).catch((e) => e);
    expect(err).toBeInstanceOf(StoreCorruptError);
    expect((err as StoreCorruptError).files.map((f) => f.path)).toEqual([bad]);
    expect(await readFile(bad, 'utf8')).toBe('{"v":1,"doc":{"id":"bro');
  });

  it('runs migrations from older schema versions and rewrites the file', async () => {
    const dir = await tempDir();
    await mkdir(join(dir, 'items', 'p'), { recursive: true });
    await writeFile(join(dir, 'items', 'p', 'a.json'), '{"v":1,"doc":{"id":"a","title":"old"}}');
    const store = await open(dir, { version: 2, migrate: { 1: (d: any) => ({ id: d.id, name: d.title }) } });
    expect(await store.collection('items').get('p', 'a')).toEqual({ id: 'a', name: 'old' });
    await store.close();
    expect(await readFile(join(dir, 'items', 'p', 'a.json'), 'utf8')).toBe('{"v":2,"l":0,"doc":{"id":"a","name":"old"}}');
  });

  it('refuses a file from a newer schema version', async () => {
    const dir = await tempDir();
    await mkdir(join(dir, 'items', 'p'), { recursive: true });
    await writeFile(join(dir, 'items', 'p', 'a.json'), '{"v":9,"doc":{"id":"a"}}');
    await expect(open(dir)).rejects.toBeInstanceOf(StoreCorruptError);
  });

  it('removes temp files of writes that never completed', async () => {
    const dir = await tempDir();
    await mkdir(join(dir, 'items', 'p'), { recursive: true });
    await writeFile(join(dir, 'items', 'p', 'a.json.abc123.tmp'), '{"v":1,"doc":{"id"');
    const store = await open(dir);
    expect(await store.collection('items').list('p')).toEqual([]);
    await store.close();
    expect(await readdir(join(dir, 'items', 'p'))).toEqual([]);
  });

  it('lets one process at a time own a data directory', async () => {
    const dir = await tempDir();
    const store = await open(dir);
    await expect(open(dir)).rejects.toThrow(/already open/);
    await store.close();
    const again = await open(dir);
    await again.close();
  });

  it('coalesces a burst of writes to one document', async () => {
    const dir = await tempDir();
    const store = await open(dir);
    const items = store.collection('items');
    await items.put('p', { id: 'a', name: 'A', n: 0 });
    const writes = Array.from({ length: 20 }, (_, i) => items.update('p', 'a', (d) => ({ ...d, n: i + 1 })));
    await Promise.all(writes);
    await store.close();
    expect(JSON.parse(await readFile(join(dir, 'items', 'p', 'a.json'), 'utf8')).doc.n).toBe(20);
  });

  it('resolves a no-change update and a duplicate only after the pending write of that document is on disk', async () => {
    const dir = await tempDir();
    const store = await open(dir);
    const items = store.collection('items');
    // What a restart after kill -9 would find: the files plus the log replayed.
    const onDisk = async () => recover(dir, ['items'], { removeTemps: false }).docs.get('items')?.get('p/a')?.doc ?? null;
    const put = items.put('p', { id: 'a', name: 'A' });
    // The same request replayed while the first write is in flight: it sees the change and answers at
    // once in the old code; it must wait until the change is durable.
    const replay = items.update('p', 'a', (d) => (d.name === 'A' ? undefined : { ...d, name: 'A' }));
    expect(await replay).toEqual({ id: 'a', name: 'A' });
    expect(await onDisk()).toEqual({ id: 'a', name: 'A' });
    await put;
    const change = items.update('p', 'a', (d) => ({ ...d, n: 1 }));
    const noChange = items.update('p', 'a', () => undefined);
    expect(await noChange).toEqual({ id: 'a', name: 'A', n: 1 });
    expect(await onDisk()).toEqual({ id: 'a', name: 'A', n: 1 });
    await change;
    await store.close();
  });

  it('leaves no temp file behind when a document cannot be serialised', async () => {
    const dir = await tempDir();
    const store = await open(dir);
    await expect(store.collection('items').put('p', { id: 'a', name: 'A', n: 1n as unknown as number })).rejects.toThrow();
    await store.close();
    expect(await readdir(join(dir, 'items', 'p')).catch(() => [])).toEqual([]);
  });
});
