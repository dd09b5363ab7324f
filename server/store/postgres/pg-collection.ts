// One collection of the PostgreSQL store (docs/architecture.md "PostgreSQL store"). Nothing is kept
// in memory: every read asks the database, so N instances on one database see one state. A write
// resolves only after its COMMIT, which with PostgreSQL's defaults (fsync, synchronous_commit on) is
// on disk: the embedded store's "durable before visible" holds because other readers see a change
// only once it is committed.
import type pg from 'pg';
import type { Collection, CollectionOptions, StoredDoc } from '../types.js';
import type { DocumentChains } from './document-chain.js';
import { keyOf, RowCodec, type DocRow, type EncodedDoc } from './rows.js';
import { collectionSql, type CollectionSql } from './sql.js';

const SAFE_NAME = /^[A-Za-z0-9_-]{1,128}$/;

/** The embedded store's rule for names (they are its file names), kept so data moves between stores. */
export function assertSafeName(kind: string, value: string): void {
  if (!SAFE_NAME.test(value)) throw new Error(`invalid ${kind} for the store: ${JSON.stringify(value)}`);
}

export class PgCollection<T extends StoredDoc> implements Collection<T> {
  readonly codec: RowCodec;
  readonly sql: CollectionSql;
  private readonly indexed: Set<string>;

  constructor(
    readonly name: string,
    options: CollectionOptions,
    private readonly pool: pg.Pool,
    private readonly chains: DocumentChains,
  ) {
    this.codec = new RowCodec(name, options);
    this.sql = collectionSql(name, this.codec.appendOnly.length > 0);
    this.indexed = new Set(options.indexes ?? []);
  }

  async get(scope: string, id: string): Promise<T | undefined> {
    const { rows } = await this.pool.query<DocRow>(this.sql.get, [scope, id]);
    return rows[0] ? this.decode(rows[0]) : undefined;
  }

  async list(scope: string): Promise<T[]> {
    const { rows } = await this.pool.query<DocRow>(this.sql.list, [scope]);
    return rows.map((row) => this.decode(row));
  }

  // An indexed field is looked up by its `keys` entry through the field's hash index; as from the
  // embedded store's index, null and undefined are never found. Any other field reads the whole
  // collection and compares in memory, as the embedded store scans: declare an index for real use.
  async findBy<K extends keyof T & string>(field: K, value: T[K]): Promise<T[]> {
    if (this.indexed.has(field)) {
      const key = keyOf(value);
      if (key === undefined) return [];
      const { rows } = await this.pool.query<DocRow>(this.sql.findBy(field), [key]);
      return rows.map((row) => this.decode(row));
    }
    const { rows } = await this.pool.query<DocRow>(this.sql.all);
    return rows.map((row) => this.decode(row)).filter((doc) => doc[field] === value);
  }

  async scopes(): Promise<string[]> {
    const { rows } = await this.pool.query<{ scope: string }>(this.sql.scopes);
    return rows.map((r) => r.scope);
  }

  async put(scope: string, doc: T): Promise<T> {
    assertSafeName('scope', scope);
    assertSafeName('id', doc.id);
    return this.chains.run(this.key(scope, doc.id), async () => {
      const encoded = this.codec.encode(doc as unknown as Record<string, unknown>);
      if (this.codec.appendOnly.length === 0) {
        // One statement is its own transaction: resolved means committed.
        await this.pool.query(this.sql.upsert, [scope, doc.id, this.codec.version, encoded.doc, encoded.arrays, encoded.keys]);
      } else {
        await this.transaction(async (client) => this.replace(client, scope, doc.id, encoded));
      }
      return doc;
    });
  }

  async update(scope: string, id: string, fn: (doc: T) => T | undefined): Promise<T | undefined> {
    return this.chains.run(this.key(scope, id), () =>
      this.transaction(async (client) => {
        // The row lock makes this a read-modify-write across instances too: another instance's
        // update of the same document waits here until this one commits, then reads its result.
        const locked = await client.query(this.sql.lock, [scope, id]);
        if (locked.rowCount === 0) return undefined;
        const { rows } = await client.query<DocRow>(this.sql.get, [scope, id]);
        if (!rows[0]) return undefined;
        const { doc: state, migrated } = this.codec.decode(rows[0]);
        const next = fn(this.codec.copy(state) as unknown as T) as unknown as Record<string, unknown> | undefined;
        if (!next) return state as unknown as T;
        if (next.id !== id) throw new Error('update() may not change a document id');
        if (migrated) {
          await this.replace(client, scope, id, this.codec.encode(next));
          return next as unknown as T;
        }
        const encoded = this.codec.encode(next, state);
        await client.query(this.sql.updateDoc, [scope, id, this.codec.version, encoded.doc, encoded.arrays, encoded.keys]);
        for (const field of encoded.cleared) await client.query(this.sql.deleteFieldElements, [scope, id, field]);
        for (const e of encoded.elements) {
          if (e.replace) await client.query(this.sql.deleteFieldElements, [scope, id, e.field]);
          await client.query(this.sql.insertElements, [scope, id, e.field, e.from, e.texts]);
        }
        return next as unknown as T;
      }),
    );
  }

  async delete(scope: string, id: string): Promise<boolean> {
    return this.chains.run(this.key(scope, id), async () => {
      // Element rows go with it (ON DELETE CASCADE), in the same statement.
      const { rowCount } = await this.pool.query(this.sql.deleteDoc, [scope, id]);
      return (rowCount ?? 0) > 0;
    });
  }

  /** Writes a whole document, its element rows included, over whatever the row held. */
  async replace(client: pg.PoolClient, scope: string, id: string, encoded: EncodedDoc): Promise<void> {
    await client.query(this.sql.upsert, [scope, id, this.codec.version, encoded.doc, encoded.arrays, encoded.keys]);
    await client.query(this.sql.deleteElements, [scope, id]);
    for (const e of encoded.elements) await client.query(this.sql.insertElements, [scope, id, e.field, e.from, e.texts]);
  }

  decode(row: DocRow): T {
    return this.codec.decode(row).doc as unknown as T;
  }

  private key(scope: string, id: string): string {
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
