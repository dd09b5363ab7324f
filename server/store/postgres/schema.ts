// The PostgreSQL store's tables (docs/architecture.md "PostgreSQL store"), created and upgraded by
// numbered migrations at start. Every instance runs them at start, so pg-store.ts runs them under a
// session-level advisory lock (MIGRATION_LOCK): two instances starting together take turns, and the
// second finds the work done.
//
// One documents table for every collection rather than a table per collection: collections are
// declared in code (collections.ts) and domains add them often; with one table a new collection needs
// no DDL and no migration, and every query has the same shape. Collections are kept apart by the
// first column of the primary key, and each indexed field gets its own partial expression index
// (WHERE collection = '…'), so an index holds only its collection's rows, as a table's own would.
//
// Documents are stored as the JSON text JSON.stringify wrote, in a `text` column, and PostgreSQL
// never parses them: json and jsonb refuse, or fail to read back, strings holding \u0000 or lone
// surrogates, which JavaScript strings (and so visitor messages) can contain and the embedded store
// keeps. The values of indexed fields are copied by the store into `keys` (jsonb) as their JSON text,
// which is plain escaped text PostgreSQL always accepts, and each is served by a hash index (equality
// is all findBy asks, and a hash index has no size limit on the value).
//
// Queries (migration 2, query-sql.ts) filter and order by the collection's declared query fields,
// copied by the store at write time into `qv`, one bytea per field in declaration order
// (query-values.ts: bytes that sort as the values do, whatever they hold); the field lists a
// collection declares get b-tree expression indexes (scope, qv[i], …, id) WHERE collection = '…'.
// Text queries search `search`, the collection's search text, with a trigram index when the
// pg_trgm extension can be had (a LIKE '%…%' scan otherwise). QUERY_FIELDS records which field list
// the rows of each collection were written with, so a changed declaration is backfilled at start.
//
// Append-only arrays (a conversation's messages) live in parley_elements, one row per element in
// order, so appending a message inserts one row instead of rewriting the conversation.
import type pg from 'pg';

/** Arbitrary but fixed: the advisory lock every Parley instance takes to migrate. */
export const MIGRATION_LOCK = 7_165_803_241_907;

export const DOCUMENTS = 'parley_documents';
export const ELEMENTS = 'parley_elements';
/** The indexed fields whose `keys` every row of the collection holds (indexes.ts backfills new ones). */
export const INDEXED = 'parley_indexed_fields';
/** Per collection, the query field list its rows' `qv` follows (prepare.ts). */
export const QUERY_FIELDS = 'parley_query_fields';
const MIGRATIONS = 'parley_schema_migrations';

/** Migration n brings the schema from version n-1 to n. Never edit one that has shipped: add the next. */
export const SCHEMA_MIGRATIONS: readonly string[] = [
  `CREATE TABLE ${DOCUMENTS} (
     collection text COLLATE "C" NOT NULL,
     scope text COLLATE "C" NOT NULL,
     id text COLLATE "C" NOT NULL,
     v integer NOT NULL,
     doc text NOT NULL,
     arrays text[] NOT NULL DEFAULT '{}',
     keys jsonb NOT NULL DEFAULT '{}',
     w text NOT NULL DEFAULT '',
     PRIMARY KEY (collection, scope, id)
   );
   CREATE INDEX ${DOCUMENTS}_version ON ${DOCUMENTS} (collection, v);
   CREATE TABLE ${ELEMENTS} (
     collection text COLLATE "C" NOT NULL,
     scope text COLLATE "C" NOT NULL,
     id text COLLATE "C" NOT NULL,
     field text COLLATE "C" NOT NULL,
     seq integer NOT NULL,
     element text NOT NULL,
     PRIMARY KEY (collection, scope, id, field, seq),
     FOREIGN KEY (collection, scope, id) REFERENCES ${DOCUMENTS} ON DELETE CASCADE
   );
   CREATE TABLE ${INDEXED} (
     collection text COLLATE "C" NOT NULL,
     field text COLLATE "C" NOT NULL,
     PRIMARY KEY (collection, field)
   );`,
  // Adding columns with a constant default rewrites no row. pg_trgm is trusted (a database owner
  // may create it) but may be missing from the server's packages: text queries then scan.
  `ALTER TABLE ${DOCUMENTS} ADD COLUMN qv bytea[] NOT NULL DEFAULT '{}', ADD COLUMN search text;
   CREATE TABLE ${QUERY_FIELDS} (
     collection text COLLATE "C" PRIMARY KEY,
     signature text NOT NULL
   );
   DO $$ BEGIN CREATE EXTENSION IF NOT EXISTS pg_trgm; EXCEPTION WHEN OTHERS THEN RAISE NOTICE 'pg_trgm unavailable: text queries scan'; END $$;`,
];

/** `name` as a SQL string literal; collection and field names are checked, this is belt and braces. */
export const literal = (name: string) => `'${name.replace(/'/g, "''")}'`;

/** The expression an indexed field is indexed and searched by: its value's JSON text, so 1 and "1" differ. */
export const fieldKey = (field: string, table = '') => `(${table}keys ->> ${literal(field)})`;

/** A deterministic index name within PostgreSQL's 63 characters. */
export function indexName(collection: string, field: string): string {
  const name = `parley_idx_${collection}_${field}`.replace(/[^A-Za-z0-9_]/g, '_');
  if (name.length <= 63) return name;
  let hash = 0;
  for (const ch of `${collection}/${field}`) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return `${name.slice(0, 54)}_${hash.toString(16).padStart(8, '0')}`;
}

/**
 * Brings the database to the current schema. The caller holds MIGRATION_LOCK. A database migrated by
 * a newer build is refused: this build would not know its tables.
 */
export async function migrateSchema(client: pg.PoolClient): Promise<void> {
  await client.query(`CREATE TABLE IF NOT EXISTS ${MIGRATIONS} (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  const { rows } = await client.query<{ version: number | null }>(`SELECT max(version) AS version FROM ${MIGRATIONS}`);
  const current = rows[0]?.version ?? 0;
  if (current > SCHEMA_MIGRATIONS.length) {
    throw new Error(`the database schema is at version ${current}, newer than this build knows (${SCHEMA_MIGRATIONS.length}): run a newer Parley`);
  }
  for (let version = current + 1; version <= SCHEMA_MIGRATIONS.length; version++) {
    await client.query('BEGIN');
    try {
      await client.query(SCHEMA_MIGRATIONS[version - 1]!);
      await client.query(`INSERT INTO ${MIGRATIONS} (version) VALUES ($1)`, [version]);
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK');
      throw err;
    }
  }
}
