// One collection of the embedded store (docs/architecture.md section 7): every document in memory,
// changes queued per document (group commit, document-queue.ts) and made durable as one line each in
// the store's write-ahead log; the per-document files are written back later by compaction.
import { join } from 'node:path';
import { cloneDocument } from './clone.js';
import { DocumentQueue } from './document-queue.js';
import { encodeRecord, type LogRecord } from './log-format.js';
import type { FileWrite } from './compactor.js';
import type { WriteLog } from './write-log.js';
import type { RawDoc } from './recovery.js';
import type { Collection, CollectionOptions, Query, QueryPage, QueryValue, StoredDoc } from '../types.js';
import { QueryPlan } from '../query.js';
import { QueryIndexes } from './query-index.js';

const SAFE_NAME = /^[A-Za-z0-9_-]{1,128}$/;

export function assertSafeName(kind: string, value: string): void {
  if (!SAFE_NAME.test(value)) throw new Error(`invalid ${kind} for the store: ${JSON.stringify(value)}`);
}

/** What the collection needs from its store: the log and the next log sequence number. */
export interface LogAccess {
  log: () => WriteLog;
  nextLsn: () => number;
}

export class LowdbCollection<T extends StoredDoc> implements Collection<T> {
  private readonly docs = new Map<string, Map<string, T>>();
  private readonly lsns = new Map<string, number>();
  private readonly sorted = new Map<string, T[]>();
  /** Scopes whose id-ordered array list() returned (queries use it only within one synchronous walk). */
  private readonly handedOut = new Set<string>();
  private readonly queues = new Map<string, DocumentQueue<T>>();
  private readonly indexes = new Map<string, Map<unknown, Set<T>>>();
  private readonly appendOnly: string[];
  private readonly queries: QueryIndexes<T>;
  readonly version: number;
  /** Keys (`scope/id`) changed in the current log segment, to write back at its compaction. */
  dirty = new Set<string>();

  constructor(
    readonly name: string,
    private readonly dir: string,
    private readonly options: CollectionOptions,
    private readonly access: LogAccess,
  ) {
    this.version = options.version ?? 1;
    this.appendOnly = options.appendOnly ?? [];
    for (const field of options.indexes ?? []) this.indexes.set(field, new Map());
    this.queries = new QueryIndexes<T>(name, options);
  }

  /** Takes a recovered document into memory, migrating it; true when its file must be rewritten. */
  adopt(raw: RawDoc): boolean {
    let { v, doc } = raw;
    if (v > this.version) throw new Error(`schema version ${v} is newer than this build (${this.version})`);
    while (v < this.version) {
      const step = this.options.migrate?.[v];
      if (!step) throw new Error(`no migration from schema version ${v}`);
      doc = step(doc);
      v += 1;
    }
    this.remember(raw.scope, doc as unknown as T, raw.l);
    return v !== raw.v;
  }

  /** The file write that brings `scope/id`'s file up to the committed state. */
  fileWrite(key: string): FileWrite {
    const slash = key.indexOf('/');
    const scope = key.slice(0, slash);
    const doc = this.docs.get(scope)?.get(key.slice(slash + 1));
    const path = join(this.dir, scope, `${key.slice(slash + 1)}.json`);
    return { path, body: doc ? { v: this.version, l: this.lsns.get(key) ?? 0, doc } : null };
  }

  async get(scope: string, id: string): Promise<T | undefined> {
    return this.docs.get(scope)?.get(id);
  }

  async list(scope: string): Promise<T[]> {
    this.handedOut.add(scope);
    return this.byId(scope);
  }

  private byId(scope: string): T[] {
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

  async query(scope: string, q: Query<T>): Promise<QueryPage<T>> {
    return this.queries.run(scope, new QueryPlan(this.name, this.options, q), () => this.byId(scope)).page;
  }

  async count(scope: string, q: Query<T> = {}): Promise<number> {
    return this.queries.run(scope, new QueryPlan(this.name, this.options, q), () => this.byId(scope), true).total;
  }

  async countBy(scope: string, field: string, q: Query<T> = {}): Promise<{ value: QueryValue; count: number }[]> {
    // The matches in the field's order, so equal values come together.
    const plan = new QueryPlan(this.name, this.options, { ...q, order: { by: field }, limit: undefined, after: undefined, arrays: true });
    const counts: { value: QueryValue; count: number }[] = [];
    const { page } = this.queries.run(scope, plan, () => this.byId(scope));
    for (const doc of page.items) {
      const value = plan.value(doc, field);
      const last = counts[counts.length - 1];
      if (last && last.value === value) last.count++;
      else counts.push({ value, count: 1 });
    }
    return counts;
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
      const next = fn(this.copy(state));
      if (!next) return { change: false, result: state };
      if (next.id !== id) throw new Error('update() may not change a document id');
      return { change: true, next, result: next };
    });
  }

  async delete(scope: string, id: string): Promise<boolean> {
    if (!this.docs.get(scope)?.has(id) && !this.queues.has(`${scope}/${id}`)) return false;
    return this.queue(scope, id).run((state) => (state ? { change: true, next: undefined, result: true } : { change: false, result: false }));
  }

  // Store.transact (lowdb-store.ts): the document's turn, its committed state, and its part of the
  // transaction's log line with the memory change that follows once that line is durable.

  hold(scope: string, id: string): { ready: Promise<void>; release: () => void } {
    return this.queue(scope, id).hold();
  }

  committed(scope: string, id: string): T | undefined {
    return this.docs.get(scope)?.get(id);
  }

  copyOf(doc: T): T {
    return this.copy(doc);
  }

  stage(scope: string, id: string, next: T | undefined, lsn: number): { record: LogRecord; apply: () => void } {
    const record = this.record(scope, id, this.docs.get(scope)?.get(id), next, lsn);
    // Marked before the line is appended, as a single write does: a compaction rotating the log
    // between the append and the apply must still write this document back.
    this.dirty.add(`${scope}/${id}`);
    return {
      record,
      apply: () => {
        if (next) this.remember(scope, next, lsn);
        else this.forget(scope, id);
      },
    };
  }

  async flush(): Promise<void> {
    while (this.queues.size > 0) await Promise.all([...this.queues.values()].map((q) => q.idle()));
  }

  /**
   * A deep copy, except that append-only arrays are new arrays holding the same (immutable)
   * elements: copying a conversation then costs its few fields, not all its messages.
   */
  private copy(state: T): T {
    if (this.appendOnly.length === 0) return cloneDocument(state);
    // The other fields cloned straight into the copy (cloneDocument of withoutAppendOnly's object
    // made the same copy through an intermediate one), then the append-only ones, in that order.
    const doc = state as Record<string, unknown>;
    const copy: Record<string, unknown> = {};
    for (const key of Object.keys(doc)) {
      if (this.appendOnly.includes(key)) continue;
      const value = cloneDocument(doc[key]);
      if (key === '__proto__') Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
      else copy[key] = value;
    }
    for (const field of this.appendOnly) {
      const value = doc[field];
      if (value !== undefined) copy[field] = Array.isArray(value) ? value.slice() : cloneDocument(value);
    }
    return copy as T;
  }

  /** The document's other fields (a shallow copy built key by key: deleting keys would slow every later read and serialisation of it). */
  private withoutAppendOnly(doc: T): Record<string, unknown> {
    const rest: Record<string, unknown> = {};
    for (const key of Object.keys(doc)) if (!this.appendOnly.includes(key)) rest[key] = (doc as Record<string, unknown>)[key];
    return rest;
  }

  /** The log record turning `previous` into `next`: only the appended elements when that is all. */
  private record(scope: string, id: string, previous: T | undefined, next: T | undefined, lsn: number): LogRecord {
    // Literals, not `{ ...target, … }`: on Node 20 a spread followed by new properties takes about a
    // microsecond a property (docs/architecture.md), and this runs for every write of every document.
    if (!next) return { c: this.name, s: scope, i: id, l: lsn, x: 1 };
    const prevLsn = this.lsns.get(`${scope}/${id}`) ?? 0;
    if (previous && this.appendOnly.length > 0 && prevLsn > 0) {
      const added: Record<string, unknown[]> = {};
      let appendOnly = true;
      for (const field of this.appendOnly) {
        const before = (previous as Record<string, unknown>)[field];
        const after = (next as Record<string, unknown>)[field];
        if (!Array.isArray(before) || !Array.isArray(after) || after.length < before.length) {
          appendOnly = false;
          break;
        }
        for (let k = 0; k < before.length && appendOnly; k++) if (after[k] !== before[k]) appendOnly = false;
        added[field] = after.slice(before.length);
      }
      if (appendOnly) {
        return { c: this.name, s: scope, i: id, l: lsn, v: this.version, p: prevLsn, d: this.withoutAppendOnly(next), a: added };
      }
    }
    return { c: this.name, s: scope, i: id, l: lsn, v: this.version, d: next as unknown as Record<string, unknown> };
  }

  private remember(scope: string, doc: T, lsn: number): void {
    let scoped = this.docs.get(scope);
    if (!scoped) this.docs.set(scope, (scoped = new Map()));
    const previous = scoped.get(doc.id);
    if (previous) this.unindex(previous);
    else {
      // Ids are UUIDv7, so a new document usually comes last: the id order stays built. An array
      // list() handed out is copied first, so it never grows under its caller.
      let list = this.sorted.get(scope);
      if (list && (list.length === 0 || list[list.length - 1]!.id < doc.id)) {
        if (this.handedOut.delete(scope)) this.sorted.set(scope, (list = list.slice()));
        list.push(doc);
      } else this.sorted.delete(scope);
    }
    this.queries.changed(scope, previous, doc);
    scoped.set(doc.id, doc);
    this.lsns.set(`${scope}/${doc.id}`, lsn);
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
    this.lsns.delete(`${scope}/${id}`);
    if (!scoped || !doc) return;
    scoped.delete(id);
    this.unindex(doc);
    this.queries.changed(scope, doc, undefined);
    this.sorted.delete(scope);
  }

  private queue(scope: string, id: string): DocumentQueue<T> {
    const key = `${scope}/${id}`;
    let queue = this.queues.get(key);
    if (!queue) {
      queue = new DocumentQueue<T>(
        () => this.docs.get(scope)?.get(id),
        (next) => {
          const lsn = this.access.nextLsn();
          // Serialise first: a document that cannot be written fails here, before the log sees it.
          const line = encodeRecord(this.record(scope, id, this.docs.get(scope)?.get(id), next, lsn));
          this.dirty.add(key);
          return this.access.log().append(line, () => (next ? this.remember(scope, next, lsn) : this.forget(scope, id)));
        },
        () => this.queues.delete(key),
      );
      this.queues.set(key, queue);
    }
    return queue;
  }
}
