// What an instance does to the database before it serves (pg-store.ts), all under one advisory lock
// so instances starting together take turns: the schema migrations (schema.ts), the documents of
// older schema versions upgraded (as the embedded store does at load), and the declared indexes.
import type pg from 'pg';
import { StoreCorruptError, type StoredDoc } from '../types.js';
import type { PgCollection } from './pg-collection.js';
import type { DocRow } from './rows.js';
import { DOCUMENTS, INDEXED, MIGRATION_LOCK, QUERY_FIELDS, fieldKey, indexName, literal, migrateSchema } from './schema.js';
import { fieldExpr } from './query-sql.js';
import { elementsOf } from './sql.js';

export async function prepareDatabase(client: pg.PoolClient, collections: PgCollection<StoredDoc>[]): Promise<void> {
  await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
  try {
    await migrateSchema(client);
    await upgradeDocuments(client, collections);
    for (const c of collections) await ensureIndexes(client, c);
    for (const c of collections) await ensureQueryColumns(client, c);
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

/**
 * The query columns (schema.ts migration 2) of every row follow the collection's current query field
 * list and search text: rows written under another declaration (or before queries existed) are
 * rewritten, 500 at a time, then the declared b-trees and the trigram index are built. A derived
 * field whose function changes meaning needs a new name, so that its values are computed again.
 */
async function ensureQueryColumns(client: pg.PoolClient, c: PgCollection<StoredDoc>): Promise<void> {
  const { queryFields, queryIndexes = [], search } = c.options;
  if (!queryFields && !search) return;
  const signature = JSON.stringify({ fields: c.codec.queryFields, search: Boolean(search) });
  const known = await client.query<{ signature: string }>(`SELECT signature FROM ${QUERY_FIELDS} WHERE collection = $1`, [c.name]);
  if (known.rows[0]?.signature !== signature) {
    const name = literal(c.name);
    let after = { scope: '', id: '' };
    for (;;) {
      const { rows } = await client.query<DocRow>(
        `SELECT d.scope, d.id, d.v, d.doc, d.arrays, d.w${c.codec.appendOnly.length > 0 ? `, ${elementsOf('d')}` : ''} FROM ${DOCUMENTS} d
         WHERE d.collection = ${name} AND (d.scope, d.id) > ($1, $2) ORDER BY d.scope, d.id LIMIT 500`,
        [after.scope, after.id],
      );
      if (rows.length === 0) break;
      await inTransaction(client, async () => {
        for (const row of rows) {
          const { qv, search: text } = c.codec.queryColumns(c.codec.decode(row).doc);
          await client.query(`UPDATE ${DOCUMENTS} SET qv = $3, search = $4 WHERE collection = ${name} AND scope = $1 AND id = $2`, [row.scope, row.id, qv, text]);
        }
      });
      after = rows.at(-1)!;
    }
    await client.query(
      `INSERT INTO ${QUERY_FIELDS} (collection, signature) VALUES ($1, $2) ON CONFLICT (collection) DO UPDATE SET signature = EXCLUDED.signature`,
      [c.name, signature],
    );
  }
  // The planner keeps no statistics for the expressions of partial indexes, and without them it
  // takes any equality on a query field for a rare value (rows=1) and may sort every match of a
  // common one instead of walking the ordered index. Statistics on the expression itself (over all
  // collections' values, each tagged by type, PostgreSQL 14 on) give it the real frequencies.
  const version = await client.query<{ v: string }>(`SELECT current_setting('server_version_num') AS v`);
  if (Number(version.rows[0]?.v) >= 140_000) {
    for (let at = 1; at <= c.codec.queryFields.length; at++) {
      await client.query(`CREATE STATISTICS IF NOT EXISTS parley_stat_qv_${at} ON (qv[${at}]) FROM ${DOCUMENTS}`);
    }
  }
  for (const fields of queryIndexes) {
    const columns = ['scope', ...fields.map((f) => `(${fieldExpr(c.codec.queryFields, f, '')})`), 'id'];
    await client.query(
      `CREATE INDEX IF NOT EXISTS ${indexName(c.name, `q_${fields.join('_')}`)} ON ${DOCUMENTS} (${columns.join(', ')}) WHERE collection = ${literal(c.name)}`,
    );
  }
  if (search) {
    const trgm = await client.query(`SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'`);
    if (trgm.rowCount) {
      await client.query(
        `CREATE INDEX IF NOT EXISTS ${indexName(c.name, 'search')} ON ${DOCUMENTS} USING gin (search gin_trgm_ops) WHERE collection = ${literal(c.name)}`,
      );
    }
  }
}
