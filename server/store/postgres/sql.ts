// The statements of one collection. The collection name is written into the SQL as a literal rather
// than passed as a parameter: a partial index (WHERE collection = '…') is only usable when the
// planner can see that the query asks for that same collection, which a parameter hides from a
// generic plan. Names are checked against a strict pattern before they get here.
import { DOCUMENTS, ELEMENTS, fieldKey, literal } from './schema.js';

export interface CollectionSql {
  get: string;
  lock: string;
  list: string;
  /** Every document of the collection (findBy on a field without an index). */
  all: string;
  findBy(field: string): string;
  scopes: string;
  upsert: string;
  /** As upsert, but an existing row fails it (unique violation): a transaction's create. */
  insert: string;
  updateDoc: string;
  deleteDoc: string;
  deleteElements: string;
  deleteFieldElements: string;
  insertElements: string;
  olderVersions: string;
  newerVersions: string;
}

/**
 * A document's append-only arrays as the JSON text {"field": [...], ...}, put together from their
 * element rows in order without PostgreSQL parsing any of them (schema.ts: documents are text).
 */
export function elementsOf(row: string): string {
  return `(SELECT '{' || string_agg('"' || f.field || '":' || f.items, ',') || '}' FROM (
         SELECT e.field, '[' || string_agg(e.element, ',' ORDER BY e.seq) || ']' AS items FROM ${ELEMENTS} e
         WHERE e.collection = ${row}.collection AND e.scope = ${row}.scope AND e.id = ${row}.id GROUP BY e.field) f) AS elements`;
}

export function collectionSql(name: string, hasElements: boolean): CollectionSql {
  const c = literal(name);
  const elements = hasElements ? `, ${elementsOf('d')}` : '';
  const select = `SELECT d.scope, d.id, d.v, d.doc, d.arrays, d.w${elements} FROM ${DOCUMENTS} d WHERE d.collection = ${c}`;
  const key = `collection = ${c} AND scope = $1 AND id = $2`;
  return {
    get: `${select} AND d.scope = $1 AND d.id = $2`,
    // Locked first, read after: a statement waiting for a row lock re-reads that row once it is
    // free, but everything else it reads (the element rows) stays as of its start. The read that
    // follows the lock in the same transaction starts later and sees the committed result.
    lock: `SELECT 1 FROM ${DOCUMENTS} WHERE ${key} FOR UPDATE`,
    list: `${select} AND d.scope = $1 ORDER BY d.id`,
    all: `${select} ORDER BY d.scope, d.id`,
    findBy: (field) => `${select} AND ${fieldKey(field, 'd.')} = $1 ORDER BY d.scope, d.id`,
    scopes: `SELECT DISTINCT scope FROM ${DOCUMENTS} WHERE collection = ${c} ORDER BY scope`,
    // $7 is the write's token (pending.ts); $8 and $9 the query columns (schema.ts migration 2).
    upsert: `INSERT INTO ${DOCUMENTS} (collection, scope, id, v, doc, arrays, keys, w, qv, search) VALUES (${c}, $1, $2, $3, $4, $5, $6, $7, $8, $9)
             ON CONFLICT (collection, scope, id) DO UPDATE SET v = EXCLUDED.v, doc = EXCLUDED.doc, arrays = EXCLUDED.arrays, keys = EXCLUDED.keys, w = EXCLUDED.w,
             qv = EXCLUDED.qv, search = EXCLUDED.search`,
    insert: `INSERT INTO ${DOCUMENTS} (collection, scope, id, v, doc, arrays, keys, w, qv, search) VALUES (${c}, $1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    updateDoc: `UPDATE ${DOCUMENTS} SET v = $3, doc = $4, arrays = $5, keys = $6, w = $7, qv = $8, search = $9 WHERE ${key}`,
    deleteDoc: `DELETE FROM ${DOCUMENTS} WHERE ${key}`,
    deleteElements: `DELETE FROM ${ELEMENTS} WHERE ${key}`,
    deleteFieldElements: `DELETE FROM ${ELEMENTS} WHERE ${key} AND field = $3`,
    // One statement for any number of elements: their JSON texts as one array, numbered from $4.
    insertElements: `INSERT INTO ${ELEMENTS} (collection, scope, id, field, seq, element)
                     SELECT ${c}, $1, $2, $3, $4::integer + u.ord::integer - 1, u.element FROM unnest($5::text[]) WITH ORDINALITY AS u(element, ord)`,
    olderVersions: `SELECT scope, id FROM ${DOCUMENTS} WHERE collection = ${c} AND v < $1 ORDER BY scope, id LIMIT 500`,
    newerVersions: `SELECT scope, id, v FROM ${DOCUMENTS} WHERE collection = ${c} AND v > $1 ORDER BY scope, id LIMIT 20`,
  };
}
