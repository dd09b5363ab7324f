// A query (types.ts `Query`) as one SQL statement over the query columns (schema.ts migration 2).
// Field positions are written into the SQL as literals, like the collection name (sql.ts), so the
// planner matches the expressions against the collection's partial indexes on qv[n].
import type { QueryPlan } from '../query.js';
import type { Condition, Cursor, StoredDoc } from '../types.js';
import { DOCUMENTS, literal } from './schema.js';
import { elementsOf } from './sql.js';
import { containsPattern, encodeValue, typeEnd } from './query-values.js';
import { asQueryValue } from '../query.js';

export type Shape = { rows: { arrays: boolean; limit?: number; after?: Cursor } } | { count: true } | { groupBy: string };

/** The expression of a declared query field of the collection. */
export function fieldExpr(fields: readonly string[], field: string, row = 'd'): string {
  const at = fields.indexOf(field);
  if (at < 0) throw new Error(`'${field}' is not a declared query field`);
  return `${row ? `${row}.` : ''}qv[${at + 1}]`;
}

export function querySql<T extends StoredDoc>(name: string, fields: readonly string[], plan: QueryPlan<T>, scope: string, shape: Shape): { text: string; values: unknown[] } {
  const values: unknown[] = [scope];
  const param = (v: unknown) => {
    values.push(v);
    return `$${values.length}`;
  };
  const conds = [`d.collection = ${literal(name)}`, 'd.scope = $1'];
  for (const [field, cond] of plan.where) conds.push(condition(fieldExpr(fields, field), cond, param));
  if (plan.needle) conds.push(`d.search LIKE ${param(containsPattern(plan.needle))}`);

  if ('count' in shape) return { text: `SELECT count(*)::bigint AS n FROM ${DOCUMENTS} d WHERE ${conds.join(' AND ')}`, values };
  if ('groupBy' in shape) {
    const e = fieldExpr(fields, shape.groupBy);
    return { text: `SELECT ${e} AS value, count(*)::bigint AS n FROM ${DOCUMENTS} d WHERE ${conds.join(' AND ')} GROUP BY 1 ORDER BY 1`, values };
  }

  const { arrays, limit, after } = shape.rows;
  const dir = plan.desc ? 'DESC' : 'ASC';
  const cmp = plan.desc ? '<' : '>';
  const order = plan.orderBy === undefined ? ['d.id'] : [fieldExpr(fields, plan.orderBy), 'd.id'];
  if (after) {
    // A row comparison the b-tree serves as one range over (…, qv[n], id).
    conds.push(
      plan.orderBy === undefined ? `d.id ${cmp} ${param(after.id)}` : `(${order[0]}, d.id) ${cmp} (${param(encodeValue(asQueryValue(after.value ?? null)))}::bytea, ${param(after.id)})`,
    );
  }
  const inner = `SELECT d.collection, d.scope, d.id, d.v, d.doc, d.arrays, d.w FROM ${DOCUMENTS} d WHERE ${conds.join(' AND ')}
    ORDER BY ${order.map((o) => `${o} ${dir}`).join(', ')}${limit === undefined ? '' : ` LIMIT ${param(limit)}`}`;
  // The element rows are read for the page's rows only, after the limit.
  if (!arrays) return { text: inner, values };
  return { text: `SELECT p.scope, p.id, p.v, p.doc, p.arrays, p.w, ${elementsOf('p')} FROM (${inner}) p`, values };
}

function condition(expr: string, cond: Condition, param: (v: unknown) => string): string {
  if (cond === null || typeof cond !== 'object') return `${expr} = ${param(encodeValue(asQueryValue(cond)))}`;
  if ('in' in cond) return `${expr} = ANY(${param(cond.in.map((v) => encodeValue(asQueryValue(v))))}::bytea[])`;
  const parts: string[] = [];
  const bound = (op: string, v: string | number | undefined) => {
    if (v === undefined) return;
    parts.push(`${expr} ${op} ${param(encodeValue(asQueryValue(v)))}`);
    // Within the bound's own type: bytes of a later type would compare greater.
    const lower = Buffer.from([encodeValue(asQueryValue(v))[0]!]);
    parts.push(op.startsWith('<') ? `${expr} >= ${param(lower)}` : `${expr} < ${param(typeEnd(v))}`);
  };
  bound('>', cond.gt);
  bound('>=', cond.gte);
  bound('<', cond.lt);
  bound('<=', cond.lte);
  return parts.length ? parts.join(' AND ') : 'TRUE';
}
