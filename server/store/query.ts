// What both stores share about queries (types.ts `Query`): reading a query field off a document,
// the one order of values, and the test of a document against a query. The embedded store runs
// queries with these alone; the PostgreSQL store runs them in SQL and uses these for the documents
// of its own writes still in flight (pending.ts), so both answer alike.
import type { CollectionOptions, Condition, Cursor, Query, QueryValue, StoredDoc } from './types.js';

const RANK = { null: 0, boolean: 1, number: 2, string: 3 } as const;
const rank = (v: QueryValue) => (v === null ? 0 : RANK[typeof v as 'boolean' | 'number' | 'string']);

/** A value as a query sees it: anything but a string, a finite number or a boolean reads as null. */
export function asQueryValue(value: unknown): QueryValue {
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return value === 0 ? 0 : value; // -0 is 0
  return null;
}

/** null < false < true < numbers < strings; strings by UTF-16 code units, as JavaScript's `<`. */
export function compareValues(a: QueryValue, b: QueryValue): number {
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra - rb;
  if (a === b || a === null) return 0;
  return (a as string | number) < (b as string | number) ? -1 : 1;
}

function holds(cond: Condition | undefined, value: QueryValue): boolean {
  if (cond === undefined) return true;
  if (cond === null || typeof cond !== 'object') return compareValues(asQueryValue(cond), value) === 0;
  if ('in' in cond) return cond.in.some((c) => compareValues(asQueryValue(c), value) === 0);
  const r = cond as { gt?: string | number; gte?: string | number; lt?: string | number; lte?: string | number };
  for (const [bound, ok] of [
    [r.gt, (c: number) => c > 0],
    [r.gte, (c: number) => c >= 0],
    [r.lt, (c: number) => c < 0],
    [r.lte, (c: number) => c <= 0],
  ] as const) {
    if (bound === undefined) continue;
    if (rank(value) !== rank(bound)) return false;
    if (!ok(compareValues(value, bound))) return false;
  }
  return true;
}

/** A document's value of a declared query field. */
export function fieldValue(options: CollectionOptions, field: string, doc: unknown): QueryValue {
  const spec = options.queryFields?.[field];
  return asQueryValue(typeof spec === 'function' ? spec(doc) : (doc as Record<string, unknown>)[field]);
}

/** A query checked against the collection's declarations, with the tests both stores apply in memory. */
export class QueryPlan<T extends StoredDoc> {
  readonly where: [string, Condition][];
  readonly orderBy: string | undefined;
  readonly desc: boolean;
  readonly needle: string;

  constructor(
    readonly collection: string,
    readonly options: CollectionOptions,
    readonly q: Query<T>,
  ) {
    const declared = options.queryFields ?? {};
    const check = (field: string) => {
      if (!Object.hasOwn(declared, field)) throw new Error(`${collection}: '${field}' is not a declared query field`);
    };
    this.where = Object.entries(q.where ?? {}).filter(([, c]) => c !== undefined);
    for (const [field] of this.where) check(field);
    this.orderBy = q.order?.by;
    if (this.orderBy !== undefined) check(this.orderBy);
    this.desc = q.order?.desc === true;
    this.needle = q.text ?? '';
    if (this.needle && !options.search) throw new Error(`${collection}: text search needs a declared search text`);
    if (q.limit !== undefined && (!Number.isInteger(q.limit) || q.limit < 1)) throw new Error(`query limit must be a positive integer, not ${q.limit}`);
  }

  value(doc: T, field: string): QueryValue {
    return fieldValue(this.options, field, doc);
  }

  /** `where` and `filter`; the text test is separate (`matchesText`): it reads the arrays. */
  matches(doc: T): boolean {
    for (const [field, cond] of this.where) if (!holds(cond, this.value(doc, field))) return false;
    return !this.q.filter || this.q.filter(doc);
  }

  matchesText(doc: T, searchText: (doc: T) => string): boolean {
    return !this.needle || searchText(doc).includes(this.needle);
  }

  cursorOf(doc: T): Cursor {
    return this.orderBy === undefined ? { id: doc.id } : { id: doc.id, value: this.value(doc, this.orderBy) };
  }

  /** Negative when `a` comes first in the query's order. */
  compare(a: Cursor, b: Cursor): number {
    const byValue = this.orderBy === undefined ? 0 : compareValues(asQueryValue(a.value ?? null), asQueryValue(b.value ?? null));
    const c = byValue !== 0 ? byValue : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
    return this.desc ? -c : c;
  }

  /** Whether a document comes after the query's `after` cursor (always, without one). */
  isAfterCursor(doc: T): boolean {
    return !this.q.after || this.compare(this.cursorOf(doc), this.q.after) > 0;
  }
}
