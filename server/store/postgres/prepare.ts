// What an instance does to the database before it serves (pg-store.ts), all under one advisory lock
// so instances starting together take turns: the schema migrations (schema.ts), the documents of
// older schema versions upgraded (as the embedded store does at load), and the declared indexes.
import type pg from 'pg';
import { StoreCorruptError, type StoredDoc } from '../types.js';
import type { PgCollection } from './pg-collection.js';
import type { DocRow } from './rows.js';
import { DOCUMENTS, INDEXED, MIGRATION_LOCK, fieldKey, indexName, literal, migrateSchema } from './schema.js';

export async function prepareDatabase(client: pg.PoolClient, collections: PgCollection<StoredDoc>[]): Promise<void> {
  await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
  try {
    await migrateSchema(client);
    await upgradeDocuments(client, collections);
    for (const c of collections) await ensureIndexes(client, c);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
  }
}

/** Runs `fn` in a transaction on the (already checked out) client. */
async function inTransaction(client: pg.PoolClient, fn: () => Promise<void>): Promise<void> {
  await client.query('BEGIN');
  try {
    await fn();
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  }
}

/**
 * Documents of an older schema version are rewritten at the current one, 500 to a transaction. A
 * document from a newer build stops the start: this build would misread it.
 */
async function upgradeDocuments(client: pg.PoolClient, collections: PgCollection<StoredDoc>[]): Promise<void> {
  const problems: { path: string; reason: string }[] = [];
  for (const c of collections) {
    const { rows } = await client.query<{ scope: string; id: string; v: number }>(c.sql.newerVersions, [c.codec.version]);
    for (const r of rows) {
      problems.push({ path: `PostgreSQL ${c.name}/${r.scope}/${r.id}`, reason: `schema version ${r.v} is newer than this build (${c.codec.version})` });
    }
  }
  if (problems.length > 0) throw new StoreCorruptError(problems);
  for (const c of collections) {
    if (c.codec.version === 1) continue;
    for (;;) {
      const { rows } = await client.query<{ scope: string; id: string }>(c.sql.olderVersions, [c.codec.version]);
      if (rows.length === 0) break;
      await inTransaction(client, async () => {
        for (const { scope, id } of rows) {
          await client.query(c.sql.lock, [scope, id]);
          const found = await client.query<DocRow>(c.sql.get, [scope, id]);
          if (found.rows[0]) await c.replace(client, scope, id, c.codec.encode(c.codec.decode(found.rows[0]).doc), 'upgrade');
        }
      });
    }
  }
}

/**
 * A hash index per declared field. A field declared since the last start has no `keys` entry in the
 * rows written before: they are filled in first, then the field is recorded as done, so a start that
 * fails half way does it again. (An instance of an older build, still running beside this one during
 * a rolling update, writes rows without the new field's key: add indexes with a full restart.)
 */
async function ensureIndexes(client: pg.PoolClient, c: PgCollection<StoredDoc>): Promise<void> {
  if (c.codec.indexes.length === 0) return;
  const done = await client.query<{ field: string }>(`SELECT field FROM ${INDEXED} WHERE collection = $1`, [c.name]);
  const missing = c.codec.indexes.filter((f) => !done.rows.some((r) => r.field === f));
  if (missing.length === 0) return;
  let after = { scope: '', id: '' };
  for (;;) {
    const { rows } = await client.query<{ scope: string; id: string; doc: string }>(
      `SELECT scope, id, doc FROM ${DOCUMENTS} WHERE collection = ${literal(c.name)} AND (scope, id) > ($1, $2) ORDER BY scope, id LIMIT 500`,
      [after.scope, after.id],
    );
    if (rows.length === 0) break;
    await client.query(
      `UPDATE ${DOCUMENTS} d SET keys = u.keys::jsonb FROM unnest($1::text[], $2::text[], $3::text[]) AS u(scope, id, keys)
       WHERE d.collection = ${literal(c.name)} AND d.scope = u.scope AND d.id = u.id`,
      [rows.map((r) => r.scope), rows.map((r) => r.id), rows.map((r) => c.codec.keys(JSON.parse(r.doc)))],
    );
    after = rows.at(-1)!;
  }
  for (const field of missing) {
    // Built without CONCURRENTLY: it holds off writes to the table while it builds, which at start,
    // before this instance serves, is acceptable; the tables of a large deployment deserve a
    // maintenance window for a new index anyway.
    await client.query(
      `CREATE INDEX IF NOT EXISTS ${indexName(c.name, field)} ON ${DOCUMENTS} USING hash (${fieldKey(field)}) WHERE collection = ${literal(c.name)}`,
    );
    await client.query(`INSERT INTO ${INDEXED} (collection, field) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [c.name, field]);
  }
}
