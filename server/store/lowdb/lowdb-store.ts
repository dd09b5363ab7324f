// The embedded Store: lowdb over one small JSON file per document (docs/architecture.md section 7).
// Layout: DATA_DIR/<collection>/<scope>/<id>.json holding {"v": <schema version>, "doc": {...}}.
// One file per document keeps the cost of a write independent of how much else is stored; all
// documents are loaded into memory at open, so reads never touch the disk.
import { mkdir, readdir, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Low } from 'lowdb';
import { DurableJSONFile, TEMP_SUFFIX } from './durable-file.js';
import { DocumentQueue } from './document-queue.js';
import { lockDataDir } from './dir-lock.js';
import {
  StoreCorruptError,
  type Collection,
  type CollectionOptions,
  type Store,
  type StoredDoc,
} from '../types.js';

interface FileBody<T> {
  v: number;
  doc: T;
}

const SAFE_NAME = /^[A-Za-z0-9_-]{1,128}$/;

function assertSafeName(kind: string, value: string): void {
  if (!SAFE_NAME.test(value)) throw new Error(`invalid ${kind} for the store: ${JSON.stringify(value)}`);
}

class LowdbCollection<T extends StoredDoc> implements Collection<T> {
  private readonly docs = new Map<string, Map<string, T>>();
  private readonly sorted = new Map<string, T[]>();
  private readonly queues = new Map<string, DocumentQueue<T>>();
  private readonly indexes = new Map<string, Map<unknown, Set<T>>>();
  private readonly knownDirs = new Set<string>();
  private readonly version: number;

  constructor(
    private readonly dir: string,
    private readonly options: CollectionOptions,
  ) {
    this.version = options.version ?? 1;
    for (const field of options.indexes ?? []) this.indexes.set(field, new Map());
  }

  /** Loads every file; collects unreadable ones instead of resetting them. */
  async load(problems: { path: string; reason: string }[]): Promise<void> {
    const scopes = await readdir(this.dir).catch(() => [] as string[]);
    for (const scope of scopes) {
      const scopeDir = join(this.dir, scope);
      const names = await readdir(scopeDir).catch(() => [] as string[]);
      for (const name of names) {
        const path = join(scopeDir, name);
        // A temp file is a write that never completed, so it was never acknowledged: drop it.
        if (name.endsWith(TEMP_SUFFIX)) {
          await unlink(path).catch(() => {});
          continue;
        }
        if (!name.endsWith('.json')) continue;
        try {
          const body = JSON.parse(await readFile(path, 'utf8')) as FileBody<T>;
          if (!body || typeof body.v !== 'number' || typeof body.doc !== 'object' || !body.doc) {
            throw new Error('not a Parley document file');
          }
          const doc = this.migrate(body);
          this.remember(scope, doc);
          if (body.v !== this.version) await this.queue(scope, doc.id).run(() => ({ change: true, next: doc, result: undefined }));
        } catch (err) {
          problems.push({ path, reason: (err as Error).message });
        }
      }
      this.knownDirs.add(scope);
    }
  }

  private migrate(body: FileBody<T>): T {
    let { v, doc } = body;
    if (v > this.version) throw new Error(`schema version ${v} is newer than this build (${this.version})`);
    while (v < this.version) {
      const step = this.options.migrate?.[v];
      if (!step) throw new Error(`no migration from schema version ${v}`);
      doc = step(doc);
      v += 1;
    }
    return doc;
  }

  async get(scope: string, id: string): Promise<T | undefined> {
    return this.docs.get(scope)?.get(id);
  }

  async list(scope: string): Promise<T[]> {
    let list = this.sorted.get(scope);
    if (!list) {
      list = [...(this.docs.get(scope)?.values() ?? [])].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      this.sorted.set(scope, list);
    }
    return list;
  }

  async findBy<K extends keyof T & string>(field: K, value: T[K]): Promise<T[]> {
    const index = this.indexes.get(field);
    if (index) return [...(index.get(value) ?? [])];
    const out: T[] = [];
    for (const scoped of this.docs.values()) for (const doc of scoped.values()) if (doc[field] === value) out.push(doc);
    return out;
  }

  async scopes(): Promise<string[]> {
    return [...this.docs.keys()].filter((s) => (this.docs.get(s)?.size ?? 0) > 0);
  }

  // Writes go through the document's queue; memory changes only once the write is durable.
  async put(scope: string, doc: T): Promise<T> {
    assertSafeName('scope', scope);
    assertSafeName('id', doc.id);
    return this.queue(scope, doc.id).run(() => ({ change: true, next: doc, result: doc }));
  }

  async update(scope: string, id: string, fn: (doc: T) => T | undefined): Promise<T | undefined> {
    if (!this.docs.get(scope)?.has(id) && !this.queues.has(`${scope}/${id}`)) return undefined;
    return this.queue(scope, id).run<T | undefined>((state) => {
      if (!state) return { change: false, result: undefined };
      // fn works on a copy so that a throwing fn cannot leave a half-changed document behind.
      const next = fn(structuredClone(state));
      if (!next) return { change: false, result: state };
      if (next.id !== id) throw new Error('update() may not change a document id');
      return { change: true, next, result: next };
    });
  }

  async delete(scope: string, id: string): Promise<boolean> {
    if (!this.docs.get(scope)?.has(id) && !this.queues.has(`${scope}/${id}`)) return false;
    return this.queue(scope, id).run((state) => (state ? { change: true, next: undefined, result: true } : { change: false, result: false }));
  }

  async flush(): Promise<void> {
    while (this.queues.size > 0) await Promise.all([...this.queues.values()].map((q) => q.idle()));
  }

  private remember(scope: string, doc: T): void {
    let scoped = this.docs.get(scope);
    if (!scoped) this.docs.set(scope, (scoped = new Map()));
    const previous = scoped.get(doc.id);
    if (previous) this.unindex(previous);
    else this.sorted.delete(scope);
    scoped.set(doc.id, doc);
    if (previous) {
      const list = this.sorted.get(scope);
      if (list) list[list.indexOf(previous)] = doc;
    }
    for (const [field, index] of this.indexes) {
      const value = (doc as Record<string, unknown>)[field];
      if (value === undefined || value === null) continue;
      let set = index.get(value);
      if (!set) index.set(value, (set = new Set()));
      set.add(doc);
    }
  }

  private unindex(doc: T): void {
    for (const [field, index] of this.indexes) {
      const value = (doc as Record<string, unknown>)[field];
      const set = index.get(value);
      set?.delete(doc);
      if (set && set.size === 0) index.delete(value);
    }
  }

  private forget(scope: string, id: string): void {
    const scoped = this.docs.get(scope);
    const doc = scoped?.get(id);
    if (!scoped || !doc) return;
    scoped.delete(id);
    this.unindex(doc);
    this.sorted.delete(scope);
  }

  private queue(scope: string, id: string): DocumentQueue<T> {
    const key = `${scope}/${id}`;
    let queue = this.queues.get(key);
    if (!queue) {
      const path = join(this.dir, scope, `${id}.json`);
      const low = new Low<FileBody<T> | null>(new DurableJSONFile<FileBody<T> | null>(path), null);
      queue = new DocumentQueue<T>(
        () => this.docs.get(scope)?.get(id),
        async (next) => {
          if (!next) {
            await unlink(path).catch((err) => {
              if (err.code !== 'ENOENT') throw err;
            });
            this.forget(scope, id);
            return;
          }
          if (!this.knownDirs.has(scope)) {
            await mkdir(join(this.dir, scope), { recursive: true });
            this.knownDirs.add(scope);
          }
          low.data = { v: this.version, doc: next };
          await low.write();
          this.remember(scope, next);
        },
        () => this.queues.delete(key),
      );
      this.queues.set(key, queue);
    }
    return queue;
  }
}

export interface LowdbStoreOptions<Types> {
  dir: string;
  options?: { [K in keyof Types]?: CollectionOptions };
}

export async function openLowdbStore<Types extends { [K in keyof Types]: StoredDoc }>(
  config: LowdbStoreOptions<Types>,
  names: readonly (keyof Types & string)[],
): Promise<Store<Types>> {
  await mkdir(config.dir, { recursive: true });
  const unlock = await lockDataDir(config.dir);
  const collections = new Map<string, LowdbCollection<StoredDoc>>();
  const problems: { path: string; reason: string }[] = [];
  for (const name of names) {
    assertSafeName('collection', name);
    const collection = new LowdbCollection<StoredDoc>(join(config.dir, name), config.options?.[name] ?? {});
    await collection.load(problems);
    collections.set(name, collection);
  }
  if (problems.length > 0) {
    await unlock();
    throw new StoreCorruptError(problems);
  }
  let closed = false;
  return {
    collection(name) {
      const c = collections.get(name);
      if (!c) throw new Error(`unknown collection ${name}`);
      if (closed) throw new Error('store is closed');
      return c as unknown as Collection<Types[typeof name]>;
    },
    async flush() {
      await Promise.all([...collections.values()].map((c) => c.flush()));
    },
    async close() {
      if (closed) return;
      await Promise.all([...collections.values()].map((c) => c.flush()));
      closed = true;
      await unlock();
    },
  };
}
