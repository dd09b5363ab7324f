// One collection of the PostgreSQL store (docs/architecture.md "PostgreSQL store"). Nothing is kept
// in memory but the writes under way: every read asks the database, so N instances on one database
// see one state. A write resolves only after its COMMIT, which with PostgreSQL's defaults (fsync,
// synchronous_commit on) is on disk, and this process shows it only from then on (pending.ts).
import type pg from 'pg';
import type { Collection, CollectionOptions, Query, QueryPage, QueryValue, StoredDoc } from '../types.js';
import type { DocumentChains } from './document-chain.js';
import { PendingWrites, type PendingView, type PendingWrite } from './pending.js';
import { keyOf, RowCodec, type DocRow, type EncodedDoc } from './rows.js';
import { collectionSql, type CollectionSql } from './sql.js';
import { queryCount, queryCountBy, queryPage, type QuerySource } from './pg-query.js';

const SAFE_NAME = /^[A-Za-z0-9_-]{1,128}$/;

/** The embedded store's rule for names (they are its file names), kept so data moves between stores. */
export function assertSafeName(kind: string, value: string): void {
  if (!SAFE_NAME.test(value)) throw new Error(`invalid ${kind} for the store: ${JSON.stringify(value)}`);
}

export class PgCollection<T extends StoredDoc> implements Collection<T>, QuerySource<T> {
  readonly codec: RowCodec;
  readonly sql: CollectionSql;
  private readonly indexed: Set<string>;
  readonly pending = new PendingWrites<T>();

  constructor(
    readonly name: string,
    readonly options: CollectionOptions,
    readonly pool: pg.Pool,
    private readonly chains: DocumentChains,
  ) {
    this.codec = new RowCodec(name, options);
    this.sql = collectionSql(name, this.codec.appendOnly.length > 0);
    this.indexed = new Set(options.indexes ?? []);
  }

  async get(scope: string, id: string): Promise<T | undefined> {
    return this.pending.read(
      { scope, id },
      () => this.pool.query<DocRow>(this.sql.get, [scope, id]),
      ({ rows }, view) => (rows[0] ? this.seen(view, rows[0]) : view.missing(scope, id)),
    );
  }

  async list(scope: string): Promise<T[]> {
    const docs = await this.pending.read(
      { scope },
      () => this.pool.query<DocRow>(this.sql.list, [scope]),
      ({ rows }, view) => this.shown(view, rows, () => true, scope),
    );
    return docs.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  // An indexed field is looked up by its `keys` entry through the field's hash index; as from the
  // embedded store's index, null and undefined are never found. Any other field reads the whole
  // collection and compares in memory, as the embedded store scans: declare an index for real use.
  async findBy<K extends keyof T & string>(field: K, value: T[K]): Promise<T[]> {
    if (this.indexed.has(field)) {
      const key = keyOf(value);
      if (key === undefined) return [];
      return this.pending.read(
        {},
        () => this.pool.query<DocRow>(this.sql.findBy(field), [key]),
        ({ rows }, view) => this.shown(view, rows, (doc) => keyOf(doc[field]) === key),
      );
    }
    return this.pending.read(
      {},
      () => this.pool.query<DocRow>(this.sql.all),
      ({ rows }, view) => this.shown(view, rows, (doc) => doc[field] === value),
    );
  }

  query(scope: string, q: Query<T>): Promise<QueryPage<T>> {
    return queryPage(this, scope, q);
  }

  count(scope: string, q: Query<T> = {}): Promise<number> {
    return queryCount(this, scope, q);
  }

  countBy(scope: string, field: string, q: Query<T> = {}): Promise<{ value: QueryValue; count: number }[]> {
    return queryCountBy(this, scope, field, q);
  }

  // A scope shows up when its first document commits, a moment before that write resolves: the
  // rows alone cannot say whether a scope holds only writes still in flight.
  async scopes(): Promise<string[]> {
    const { rows } = await this.pool.query<{ scope: string }>(this.sql.scopes);
    return rows.map((r) => r.scope);
  }

  async put(scope: string, doc: T): Promise<T> {
    assertSafeName('scope', scope);
    assertSafeName('id', doc.id);
    const pending = this.pending.begin(scope, doc.id);
    return this.chains.run(this.chainKey(scope, doc.id), () =>
      this.write(pending, async (client, _before, token) => {
        await this.replace(client, scope, doc.id, this.codec.encode(doc as unknown as Record<string, unknown>), token);
        return doc;
      }),
    );
  }

  async update(scope: string, id: string, fn: (doc: T) => T | undefined): Promise<T | undefined> {
    const pending = this.pending.begin(scope, id);
    return this.chains.run(this.chainKey(scope, id), () =>
      this.write(pending, async (client, state, token, migrated) => {
        if (!state) return undefined;
        const next = fn(this.codec.copy(state as unknown as Record<string, unknown>) as unknown as T) as unknown as Record<string, unknown> | undefined;
        if (!next) return state;
        if (next.id !== id) throw new Error('update() may not change a document id');
        await this.store(client, scope, id, { before: state, migrated, next: next as unknown as T, token });
        return next as unknown as T;
      }),
    );
  }

  /**
   * Brings the row to `next` from `before` (the row as read under its lock; undefined: no row):
   * only what changed when the row is current, the whole document otherwise, the row removed when
   * `next` is undefined. `insert` refuses an existing row (a transaction's create).
   */
  async store(
    client: pg.PoolClient,
    scope: string,
    id: string,
    w: { before: T | undefined; migrated: boolean; next: T | undefined; token: string; insert?: boolean },
  ): Promise<void> {
    if (!w.next) {
      if (w.before) await client.query(this.sql.deleteDoc, [scope, id]);
      return;
    }
    const next = w.next as unknown as Record<string, unknown>;
    if (w.insert) {
      const encoded = this.codec.encode(next);
      await client.query(this.sql.insert, [scope, id, this.codec.version, encoded.doc, encoded.arrays, encoded.keys, w.token, encoded.qv, encoded.search]);
      for (const e of encoded.elements) await client.query(this.sql.insertElements, [scope, id, e.field, e.from, e.texts]);
      return;
    }
    if (!w.before || w.migrated) return this.replace(client, scope, id, this.codec.encode(next), w.token);
    const encoded = this.codec.encode(next, w.before as unknown as Record<string, unknown>);
    await client.query(this.sql.updateDoc, [scope, id, this.codec.version, encoded.doc, encoded.arrays, encoded.keys, w.token, encoded.qv, encoded.search]);
    for (const field of encoded.cleared) await client.query(this.sql.deleteFieldElements, [scope, id, field]);
    for (const e of encoded.elements) {
      if (e.replace) await client.query(this.sql.deleteFieldElements, [scope, id, e.field]);
      await client.query(this.sql.insertElements, [scope, id, e.field, e.from, e.texts]);
    }
  }

  /** The row locked for this transaction, then read (see write()): the document and whether it was read at an older schema version. */
  async lockAndRead(client: pg.PoolClient, scope: string, id: string): Promise<{ doc: T | undefined; migrated: boolean }> {
    const locked = await client.query(this.sql.lock, [scope, id]);
    if (!locked.rowCount) return { doc: undefined, migrated: false };
    const { rows } = await client.query<DocRow>(this.sql.get, [scope, id]);
    if (!rows[0]) return { doc: undefined, migrated: false };
    const { doc, migrated } = this.codec.decode(rows[0]);
    return { doc: doc as unknown as T, migrated };
  }

  async delete(scope: string, id: string): Promise<boolean> {
    const pending = this.pending.begin(scope, id);
    return this.chains.run(this.chainKey(scope, id), () =>
      this.write(pending, async (client, before) => {
        if (!before) return false;
        // Element rows go with it (ON DELETE CASCADE).
        await client.query(this.sql.deleteDoc, [scope, id]);
        return true;
      }),
    );
  }

  /** Writes a whole document, its element rows included, over whatever the row held. */
  async replace(client: pg.PoolClient, scope: string, id: string, encoded: EncodedDoc, token: string): Promise<void> {
    await client.query(this.sql.upsert, [scope, id, this.codec.version, encoded.doc, encoded.arrays, encoded.keys, token, encoded.qv, encoded.search]);
    if (this.codec.appendOnly.length === 0) return;
    await client.query(this.sql.deleteElements, [scope, id]);
    for (const e of encoded.elements) await client.query(this.sql.insertElements, [scope, id, e.field, e.from, e.texts]);
  }

  decode(row: DocRow): T {
    return this.codec.decode(row).doc as unknown as T;
  }

  /**
   * One write of one document: a transaction that locks the row first, then reads it (a statement
   * waiting for a row lock re-reads that row once it is free, but the element rows it reads stay as
   * of its start; a read after the lock sees the committed result), so another instance's write of
   * the same document waits and neither loses the other's change. `change` sends the statements.
   */
  private async write<R>(
    pending: PendingWrite<T>,
    change: (client: pg.PoolClient, before: T | undefined, token: string, migrated: boolean) => Promise<R>,
  ): Promise<R> {
    const { scope, id } = pending;
    try {
      const result = await this.transaction(async (client) => {
        const read = await this.lockAndRead(client, scope, id);
        pending.before = read.doc;
        return change(client, pending.before, this.pending.token(pending), read.migrated);
      });
      await this.pending.settle(pending);
      return result;
    } finally {
      this.pending.end(pending);
    }
  }

  /** Rows as this process may show them, plus documents a write in flight took out of the result. */
  private shown(view: PendingView<T>, rows: DocRow[], matches: (doc: T) => boolean, scope?: string): T[] {
    const out: T[] = [];
    const got = new Set<string>();
    for (const row of rows) {
      got.add(this.key(row.scope, row.id));
      const doc = this.seen(view, row);
      if (doc && matches(doc)) out.push(doc);
    }
    for (const { key, doc } of view.befores(scope)) if (!got.has(key) && matches(doc)) out.push(doc);
    return out;
  }

  private seen(view: PendingView<T>, row: DocRow): T | undefined {
    return view.seen(row.scope, row.id, row.w, this.decode(row));
  }

  private key(scope: string, id: string): string {
    return `${scope}/${id}`;
  }

  /** The store's chains serve every collection. */
  chainKey(scope: string, id: string): string {
    return `${this.name}/${scope}/${id}`;
  }

  /** BEGIN … COMMIT on one pooled connection; any error rolls back and rejects, changing nothing. */
  async transaction<R>(fn: (client: pg.PoolClient) => Promise<R>): Promise<R> {
    const client = await this.pool.connect();
    // A connection lost while checked out emits 'error' besides failing its query; the pool only
    // listens while a connection is idle, and an unheard 'error' would end the process.
    const ignore = () => {};
    client.on('error', ignore);
    const release = (err?: Error) => {
      client.off('error', ignore);
      client.release(err);
    };
    try {
      await client.query('BEGIN');
      const result = await fn(client);
      await client.query('COMMIT');
      release();
      return result;
    } catch (err) {
      // A connection that cannot even roll back is broken: the pool drops it instead of reusing it.
      await client.query('ROLLBACK').then(
        () => release(),
        (e: Error) => release(e),
      );
      throw err;
    }
  }
}
