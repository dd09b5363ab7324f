// The write-ahead log: torn and garbled tails dropped at start, damage before the tail refused,
// failed batches cut off, compaction into the document files, appends whose cost does not grow.
// A "crash" is a copy of the data directory taken while the store is open: exactly the files a
// kill -9 at that moment would leave (docs/architecture.md section 7).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appendFile, cp, mkdtemp, open as openFile, readdir, readFile, truncate, writeFile, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLowdbStore } from './lowdb-store.js';
import { decodeSegment } from './log-format.js';
import { segmentName, WriteLog } from './write-log.js';
import { LOG_DIR } from './recovery.js';
import { StoreCorruptError, type StoredDoc } from '../types.js';

interface Item extends StoredDoc { name: string; messages?: { n: number; text: string }[] }
type Types = { items: Item };

const tempDir = () => mkdtemp(join(tmpdir(), 'parley-wal-'));
const open = (dir: string, extra: { compactBytes?: number; warn?: (m: string) => void } = {}) =>
  openLowdbStore<Types>({ dir, options: { items: { appendOnly: ['messages'] } }, warn: () => {}, ...extra }, ['items']);

async function crashCopy(dir: string): Promise<string> {
  const copy = await tempDir();
  await cp(dir, copy, { recursive: true, filter: (src) => !src.endsWith('.lock') });
  return copy;
}
async function segments(dir: string): Promise<string[]> {
  return (await readdir(join(dir, LOG_DIR))).filter((f) => f.endsWith('.log')).sort();
}
const lastSegment = async (dir: string) => join(dir, LOG_DIR, (await segments(dir)).at(-1)!);

describe('write-ahead log recovery', () => {
  it('replays acknowledged writes a crash left only in the log', async () => {
    const dir = await tempDir();
    const store = await open(dir);
    const items = store.collection('items');
    await items.put('p', { id: 'a', name: 'A', messages: [] });
    for (let n = 1; n <= 5; n++) await items.update('p', 'a', (d) => ({ ...d, messages: [...d.messages!, { n, text: `m${n}` }] }));
    await items.put('p', { id: 'b', name: 'B' });
    await items.delete('p', 'b');
    const copy = await crashCopy(dir);
    await store.close();
    const reopened = await open(copy);
    expect((await reopened.collection('items').get('p', 'a'))?.messages?.map((m) => m.n)).toEqual([1, 2, 3, 4, 5]);
    expect(await reopened.collection('items').get('p', 'b')).toBeUndefined();
    await reopened.close();
  });

  it('drops a torn tail (a record cut short) at start, keeps what came before and goes on writing', async () => {
    const dir = await tempDir();
    const store = await open(dir);
    await store.collection('items').put('p', { id: 'a', name: 'A' });
    await store.collection('items').put('p', { id: 'b', name: 'B' });
    const copy = await crashCopy(dir);
    await store.close();
    const segment = await lastSegment(copy);
    const size = (await readFile(segment)).length;
    await truncate(segment, size - 7);
    const warnings: string[] = [];
    const reopened = await open(copy, { warn: (m) => warnings.push(m) });
    expect((await reopened.collection('items').list('p')).map((d) => d.id)).toEqual(['a']);
    expect(warnings.join()).toMatch(/dropped \d+ bytes/);
    await reopened.collection('items').put('p', { id: 'c', name: 'C' });
    const again = await crashCopy(copy);
    await reopened.close();
    const third = await open(again);
    expect((await third.collection('items').list('p')).map((d) => d.id)).toEqual(['a', 'c']);
    await third.close();
  });

  it('drops a garbled tail whose checksum does not match', async () => {
    const dir = await tempDir();
    const store = await open(dir);
    await store.collection('items').put('p', { id: 'a', name: 'A' });
    await store.collection('items').put('p', { id: 'b', name: 'Bob' });
    const copy = await crashCopy(dir);
    await store.close();
    const segment = await lastSegment(copy);
    const text = await readFile(segment, 'utf8');
    await writeFile(segment, text.replace('"Bob"', '"Bib"'));
    await appendFile(segment, Buffer.from([0, 0, 0, 0]));
    const reopened = await open(copy);
    expect((await reopened.collection('items').list('p')).map((d) => d.name)).toEqual(['A']);
    await reopened.close();
  });

  it('refuses to start on damage in a segment before the newest one', async () => {
    const dir = await tempDir();
    const store = await open(dir, { compactBytes: 1e9 });
    await store.collection('items').put('p', { id: 'a', name: 'A' });
    const copy = await crashCopy(dir);
    await store.close();
    // A second, newer segment makes the first one a finished segment.
    const first = await lastSegment(copy);
    const n = Number((await segments(copy)).at(-1)!.slice(0, 12));
    await writeFile(join(copy, LOG_DIR, segmentName(n + 1)), '');
    await writeFile(first, (await readFile(first, 'utf8')).replace('"A"', '"X"'));
    const err = await open(copy).catch((e) => e);
    expect(err).toBeInstanceOf(StoreCorruptError);
    expect((err as StoreCorruptError).files[0].path).toBe(first);
  });

  it('compacts finished segments into the document files and removes them', async () => {
    const dir = await tempDir();
    const store = await open(dir, { compactBytes: 2000 });
    const items = store.collection('items');
    await items.put('p', { id: 'a', name: 'A', messages: [] });
    for (let n = 1; n <= 60; n++) await items.update('p', 'a', (d) => ({ ...d, messages: [...d.messages!, { n, text: 'x'.repeat(50) }] }));
    await store.flush();
    // Let a background compaction started by the last batch finish, then look.
    await store.close();
    const file = JSON.parse(await readFile(join(dir, 'items', 'p', 'a.json'), 'utf8'));
    expect(file.doc.messages).toHaveLength(60);
    expect(await segments(dir)).toHaveLength(1);
    expect(decodeSegment(await readFile(await lastSegment(dir))).records).toEqual([]);
  });

  it('logs only the new element of an append-only array, however long it is', async () => {
    const dir = await tempDir();
    const store = await open(dir);
    const items = store.collection('items');
    await items.put('p', { id: 'a', name: 'A', messages: [] });
    const sizes: number[] = [];
    for (let n = 1; n <= 200; n++) {
      const before = (await readFile(await lastSegment(dir))).length;
      await items.update('p', 'a', (d) => ({ ...d, messages: [...d.messages!, { n: 100 + n, text: 'same size' }] }));
      sizes.push((await readFile(await lastSegment(dir))).length - before);
    }
    // Equal but for the digits of the sequence numbers; the whole array would be 200 × ~30 bytes.
    expect(sizes[199] - sizes[9]).toBeLessThanOrEqual(4);
    const copy = await crashCopy(dir);
    await store.close();
    const reopened = await open(copy);
    expect((await reopened.collection('items').get('p', 'a'))?.messages).toHaveLength(200);
    await reopened.close();
  });
});

describe('write-ahead log writes', () => {
  afterEach(() => vi.restoreAllMocks());

  // A kill -9 cannot show a missing fdatasync (the OS keeps the unsynced bytes), so the sync call itself
  // is watched: the real one runs, and each call notes what the log file held and whether the write was
  // already acknowledged.
  it('fdatasyncs the line before the write is acknowledged', async () => {
    const dir = await tempDir();
    const store = await open(dir);
    const probe = await openFile(join(dir, 'probe'), 'w');
    const prototype = Object.getPrototypeOf(probe) as FileHandle;
    await probe.close();
    let acknowledged = false;
    const syncs: { log: string; acknowledged: boolean }[] = [];
    const datasync = prototype.datasync;
    vi.spyOn(prototype, 'datasync').mockImplementation(async function (this: FileHandle) {
      const before = acknowledged;
      syncs.push({ log: await readFile(await lastSegment(dir), 'utf8'), acknowledged: before });
      return datasync.call(this);
    });
    await store.collection('items').put('p', { id: 'synced', name: 'S' });
    acknowledged = true;
    expect(syncs.some((s) => s.log.includes('"synced"') && !s.acknowledged)).toBe(true);
    await store.close();
  });

  it('cuts a failed batch off the file, rejects it without running its effect, and goes on', async () => {
    const dir = await tempDir();
    const log = await WriteLog.create(dir, 1);
    const applied: string[] = [];
    await log.append('one\n', () => applied.push('one'));
    const handle = (log as unknown as { handle: { write: (...args: unknown[]) => Promise<{ bytesWritten: number }> } }).handle;
    const write = handle.write.bind(handle);
    handle.write = async (buffer, offset, length, position) => {
      handle.write = write;
      await write(buffer, offset, Math.floor((length as number) / 2), position); // half of it lands
      throw Object.assign(new Error('EIO: simulated'), { code: 'EIO' });
    };
    await expect(log.append('two is longer\n', () => applied.push('two'))).rejects.toThrow('simulated');
    await log.append('three\n', () => applied.push('three'));
    await log.close();
    expect(applied).toEqual(['one', 'three']);
    expect(await readFile(join(dir, segmentName(1)), 'utf8')).toBe('one\nthree\n');
  });

  it('puts lines appended in one turn of the event loop into one batch', async () => {
    const dir = await tempDir();
    const log = await WriteLog.create(dir, 1);
    let batches = 0;
    log.onBatch = () => batches++;
    await Promise.all(Array.from({ length: 50 }, (_, i) => log.append(`line ${i}\n`, () => {})));
    await log.close();
    expect(batches).toBe(1);
  });
});
