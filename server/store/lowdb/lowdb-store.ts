// The embedded Store (docs/architecture.md section 7): every document in memory, every change one
// line in a write-ahead log shared by all collections (one fsync per batch, whatever it holds), and
// the log compacted in the background into one small JSON file per document:
// DATA_DIR/<collection>/<scope>/<id>.json holding {"v": <schema version>, "l": <last log record>, "doc": {...}}.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { lockDataDir } from './dir-lock.js';
import { syncDirectory } from './durable-file.js';
import { assertSafeName, LowdbCollection } from './collection.js';
import { writeDocumentFiles, type FileWrite } from './compactor.js';
import { LOG_DIR, recover } from './recovery.js';
import { WriteLog } from './write-log.js';
import { snapshotFiles } from './snapshot-files.js';
import { encodeGroup } from './log-format.js';
import { foldWrites, recordTransaction } from '../transaction.js';
import { StoreCorruptError, type CollectionOptions, type Collection, type Store, type StoredDoc } from '../types.js';

/** Segment size that starts a background compaction. */
export const DEFAULT_COMPACT_BYTES = 8 * 1024 * 1024;

export interface LowdbStoreOptions<Types> {
  dir: string;
  options?: { [K in keyof Types]?: CollectionOptions };
  /** Compact once the current log segment holds this many bytes (tests make it small). */
  compactBytes?: number;
  /** Told about a dropped log tail at open and about a failed background compaction. */
  warn?: (message: string) => void;
}

export async function openLowdbStore<Types extends { [K in keyof Types]: StoredDoc }>(
  config: LowdbStoreOptions<Types>,
  names: readonly (keyof Types & string)[],
): Promise<Store<Types>> {
  const warn = config.warn ?? ((message: string) => process.emitWarning(message, 'ParleyStore'));
  await mkdir(config.dir, { recursive: true });
  const unlock = await lockDataDir(config.dir);
  const logDir = join(config.dir, LOG_DIR);
  let log: WriteLog | undefined;
  let lsn = 0;
  const collections = new Map<string, LowdbCollection<StoredDoc>>();
  for (const name of names) {
    assertSafeName('collection', name);
    const access = { log: () => log!, nextLsn: () => ++lsn };
    collections.set(name, new LowdbCollection<StoredDoc>(name, join(config.dir, name), config.options?.[name] ?? {}, access));
  }

  // Recovery: files plus the log replayed on top, then written back so the log starts empty.
  let segments: number[];
  try {
    const recovered = recover(config.dir, names, { removeTemps: true });
    const problems = recovered.problems;
    const writes: FileWrite[] = [];
    for (const [name, collection] of collections) {
      const changed = recovered.changed.get(name)!;
      for (const [key, raw] of recovered.docs.get(name)!) {
        if (!raw) continue;
        try {
          if (collection.adopt(raw)) changed.add(key);
        } catch (err) {
          problems.push({ path: join(config.dir, name, raw.scope, `${raw.id}.json`), reason: (err as Error).message });
        }
      }
      for (const key of changed) writes.push(collection.fileWrite(key));
    }
    if (problems.length > 0) throw new StoreCorruptError(problems);
    if (recovered.droppedTail) {
      warn(`dropped ${recovered.droppedTail.bytes} bytes at the end of ${recovered.droppedTail.segment}: a write cut off before it was acknowledged`);
    }
    lsn = recovered.maxLsn;
    segments = recovered.segments;
    await mkdir(logDir, { recursive: true });
    for (const name of names) await mkdir(join(config.dir, name), { recursive: true });
    await syncDirectory(config.dir);
    await writeDocumentFiles(writes);
  } catch (err) {
    await unlock();
    throw err;
  }
  const lastSegment = segments.at(-1) ?? 0;
  log = await WriteLog.create(logDir, lastSegment + 1);
  for (const n of segments) await log.removeSegment(n);

  // Compaction: rotate the log, write back what the finished segment changed, then remove it. A
  // failure keeps the segment (replayed at the next start) and retries its documents next time.
  let compacting: Promise<void> | null = null;
  const leftover: number[] = [];
  const compact = async () => {
    const dirty = [...collections.values()].map((c) => {
      const keys = c.dirty;
      c.dirty = new Set();
      return { c, keys };
    });
    const finished = await log!.rotate();
    try {
      await writeDocumentFiles(dirty.flatMap(({ c, keys }) => [...keys].map((key) => c.fileWrite(key))));
      for (const n of [...leftover.splice(0), finished]) await log!.removeSegment(n);
    } catch (err) {
      leftover.push(finished);
      for (const { c, keys } of dirty) for (const key of keys) c.dirty.add(key);
      throw err;
    }
  };
  const startCompaction = () => {
    compacting ??= compact()
      .catch((err) => warn(`log compaction failed, will retry: ${(err as Error).message}`))
      .finally(() => {
        compacting = null;
      });
    return compacting;
  };
  const threshold = config.compactBytes ?? DEFAULT_COMPACT_BYTES;
  log.onBatch = (size) => {
    if (size >= threshold) void startCompaction();
  };

  let closed = false;
  return {
    collection(name) {
      const c = collections.get(name);
      if (!c) throw new Error(`unknown collection ${name}`);
      if (closed) throw new Error('store is closed');
      return c as unknown as Collection<Types[typeof name]>;
    },
    // A transaction takes its turn in the queue of every document it writes at one moment (so two
    // transactions never wait for each other), folds each document's writes on its committed state,
    // and logs all of them as one line: they become durable, and visible, together or not at all.
    async transact(record) {
      if (closed) throw new Error('store is closed');
      const docs = await recordTransaction(record);
      const targets = docs.map((d) => {
        const c = collections.get(d.collection);
        if (!c) throw new Error(`unknown collection ${d.collection}`);
        assertSafeName('scope', d.scope);
        assertSafeName('id', d.id);
        return { d, c };
      });
      if (targets.length === 0) return;
      const holds = targets.map(({ d, c }) => c.hold(d.scope, d.id));
      try {
        await Promise.all(holds.map((h) => h.ready));
        const changes = targets
          .map(({ d, c }) => ({ d, c, ...foldWrites(d, c.committed(d.scope, d.id), (doc) => c.copyOf(doc)) }))
          .filter((t) => t.changed);
        if (changes.length === 0) return;
        const staged = changes.map(({ d, c, next }) => c.stage(d.scope, d.id, next, ++lsn));
        // Serialised before the log sees anything: a document that cannot be stored fails them all here.
        const line = encodeGroup(staged.map((s) => s.record));
        await log!.append(line, () => {
          for (const s of staged) s.apply();
        });
      } finally {
        for (const h of holds) h.release();
      }
    },
    async flush() {
      await Promise.all([...collections.values()].map((c) => c.flush()));
    },
    // Online backup. Compaction is the only writer of document files and the only remover of log
    // segments, so while the snapshot holds its slot the files plus the segments up to the rotation
    // stay exactly what a crash at the rotation would leave (which recovery opens), while new writes
    // go on into the next segment. The finished segment is compacted and removed with the next one.
    async snapshot(copy) {
      if (closed) throw new Error('store is closed');
      while (compacting) await compacting;
      let release!: () => void;
      compacting = new Promise<void>((resolve) => (release = resolve));
      try {
        const finished = await log!.rotate();
        leftover.push(finished);
        return await copy(await snapshotFiles(config.dir, names, finished));
      } finally {
        compacting = null;
        release();
      }
    },
    async close() {
      if (closed) return;
      await Promise.all([...collections.values()].map((c) => c.flush()));
      closed = true;
      // Leave the files complete and the log empty, so a clean stop needs no replay.
      while (compacting) await compacting;
      await compact().catch((err) => warn(`log compaction at close failed: ${(err as Error).message}`));
      await log!.close();
      await unlock();
    },
  };
}
