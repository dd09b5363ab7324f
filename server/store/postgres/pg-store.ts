// The PostgreSQL Store (docs/architecture.md "PostgreSQL store"), chosen by DATABASE_URL. Stateless:
// every read and write goes to the database, so several Parley processes can share one. At open it
// prepares the database (prepare.ts): schema migrations, documents of older schema versions upgraded,
// declared indexes built.
import pg from 'pg';
import type { Collection, CollectionOptions, Store, StoredDoc } from '../types.js';
import { DocumentChains } from './document-chain.js';
import { assertSafeName, PgCollection } from './pg-collection.js';
import { prepareDatabase } from './prepare.js';
import { pgTransact } from './pg-transaction.js';

export interface PgStoreOptions<Types> {
  /** postgresql://user:password@host:port/database (libpq-style URL; ?host=/dir for a unix socket). */
  url: string;
  options?: { [K in keyof Types]?: CollectionOptions };
  /** Connections per process (default 10); N instances use N times this many. */
  poolSize?: number;
  /** Told about connections that fail while idle. */
  warn?: (message: string) => void;
}

/** The server could not be reached or refused us: a configuration problem, said in one line. */
export class StoreUnavailableError extends Error {
  constructor(url: string, cause: Error) {
    super(`cannot use the PostgreSQL database at ${redact(url)}: ${cause.message}`);
    this.name = 'StoreUnavailableError';
  }
}

/** The URL without its password, for messages and logs. */
export function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparseable DATABASE_URL)';
  }
}

export async function openPostgresStore<Types extends { [K in keyof Types]: StoredDoc }>(
  config: PgStoreOptions<Types>,
  names: readonly (keyof Types & string)[],
): Promise<Store<Types>> {
  const warn = config.warn ?? ((message: string) => process.emitWarning(message, 'ParleyStore'));
  const pool = new pg.Pool({ connectionString: config.url, max: config.poolSize ?? 10, min: 2 });
  // An idle connection the server drops (a restart, a failover) is an 'error' event on the pool;
  // unhandled it would end the process. The pool replaces the connection on next use.
  pool.on('error', (err) => warn(`PostgreSQL connection lost: ${err.message}`));
  const chains = new DocumentChains();
  const collections = new Map<string, PgCollection<StoredDoc>>();
  for (const name of names) {
    assertSafeName('collection', name);
    const options = config.options?.[name] ?? {};
    for (const field of [...(options.indexes ?? []), ...(options.appendOnly ?? [])]) assertSafeName('field', field);
    collections.set(name, new PgCollection<StoredDoc>(name, options, pool, chains));
  }

  try {
    const client = await pool.connect().catch((err: Error) => {
      throw new StoreUnavailableError(config.url, err);
    });
    const ignore = () => {}; // a lost connection fails the query under way; see PgCollection.transaction
    client.on('error', ignore);
    try {
      await prepareDatabase(client, [...collections.values()]);
    } finally {
      client.off('error', ignore);
      client.release();
    }
    // Two connections kept open (min: 2): a read issued while a write is under way does not wait
    // for a connect, so it answers at once from the committed state, before that write commits.
    const warm = await Promise.all([pool.connect(), pool.connect()]);
    for (const c of warm) c.release();
  } catch (err) {
    await pool.end().catch(() => {});
    throw err;
  }

  let closed = false;
  return {
    collection(name) {
      const c = collections.get(name);
      if (!c) throw new Error(`unknown collection ${name}`);
      if (closed) throw new Error('store is closed');
      return c as unknown as Collection<Types[typeof name]>;
    },
    async transact(record) {
      if (closed) throw new Error('store is closed');
      return pgTransact(collections, chains, record);
    },
    flush: () => chains.idle(),
    // Backups of a database are the database's business: pg_dump takes a consistent one while
    // Parley runs (README "Data and backups"). There are no store files to hand over.
    async snapshot() {
      throw new Error('the PostgreSQL store has no files to snapshot: back the database up with pg_dump (README "Data and backups")');
    },
    async close() {
      if (closed) return;
      closed = true;
      await chains.idle();
      await pool.end();
    },
  };
}
