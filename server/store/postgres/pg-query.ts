// Queries of the PostgreSQL store (types.ts `Query`): one statement per page (query-sql.ts) served by
// the collection's query indexes, seen through this process's writes in flight (pending.ts) as
// every other read is. A `filter` the database cannot run, or a write in flight that moves a
// document, can leave a page short: the next rows are read from where the last batch ended.
import type pg from 'pg';
import { QueryPlan } from '../query.js';
import type { CollectionOptions, Cursor, Query, QueryPage, QueryValue, StoredDoc } from '../types.js';
import type { PendingView, PendingWrites } from './pending.js';
import { decodeValue } from './query-values.js';
import { querySql } from './query-sql.js';
import type { DocRow, RowCodec } from './rows.js';

export interface QuerySource<T extends StoredDoc> {
  readonly name: string;
  readonly options: CollectionOptions;
  readonly codec: RowCodec;
  readonly pool: pg.Pool;
  readonly pending: PendingWrites<T>;
}

/** Rows read per batch beyond the page when a `filter` may reject some. */
const FILTER_BATCH = 100;

export async function queryPage<T extends StoredDoc>(src: QuerySource<T>, scope: string, q: Query<T>): Promise<QueryPage<T>> {
  const plan = new QueryPlan(src.name, src.options, q);
  const limit = q.limit ?? Infinity;
  const items: T[] = [];
  let after = q.after;
  for (;;) {
    const batch = limit === Infinity ? undefined : Math.max(limit + 1 - items.length + src.pending.count(scope), q.filter ? FILTER_BATCH : 0);
    const got = await readBatch(src, scope, plan, after, batch);
    items.push(...got.docs);
    if (items.length > limit) {
      items.length = limit;
      return { items, next: plan.cursorOf(items[limit - 1]!) };
    }
    if (!got.last) return { items, next: null };
    after = got.last;
  }
}

export async function queryCount<T extends StoredDoc>(src: QuerySource<T>, scope: string, q: Query<T>): Promise<number> {
  const plan = new QueryPlan(src.name, src.options, { ...q, order: undefined, limit: undefined, after: undefined });
  if (q.filter) return (await queryPage(src, scope, { ...q, limit: undefined, after: undefined })).items.length;
  const { text, values } = querySql(src.name, src.codec.queryFields, plan, scope, { count: true });
  const { rows } = await src.pool.query<{ n: string }>(text, values);
  return Number(rows[0]?.n ?? 0);
}

export async function queryCountBy<T extends StoredDoc>(src: QuerySource<T>, scope: string, field: string, q: Query<T>): Promise<{ value: QueryValue; count: number }[]> {
  const plan = new QueryPlan(src.name, src.options, { ...q, order: { by: field }, limit: undefined, after: undefined });
  if (q.filter) {
    const counts: { value: QueryValue; count: number }[] = [];
    for (const doc of (await queryPage(src, scope, plan.q)).items) {
      const value = plan.value(doc, field);
      const last = counts[counts.length - 1];
      if (last && last.value === value) last.count++;
      else counts.push({ value, count: 1 });
    }
    return counts;
  }
  const { text, values } = querySql(src.name, src.codec.queryFields, plan, scope, { groupBy: field });
  const { rows } = await src.pool.query<{ value: Buffer | null; n: string }>(text, values);
  return rows.map((r) => ({ value: r.value ? decodeValue(r.value) : null, count: Number(r.n) }));
}

/**
 * One batch of rows after `after`, as this process may show them. `last`: where the batch's rows
 * end, or undefined when no row is left after them.
 */
async function readBatch<T extends StoredDoc>(
  src: QuerySource<T>,
  scope: string,
  plan: QueryPlan<T>,
  after: Cursor | undefined,
  batch: number | undefined,
): Promise<{ docs: T[]; last?: Cursor }> {
  const arrays = plan.q.arrays !== false;
  const { text, values } = querySql(src.name, src.codec.queryFields, plan, scope, { rows: { arrays, limit: batch, after } });
  return src.pending.read(
    { scope },
    () => src.pool.query<DocRow>(text, values),
    ({ rows }, view) => shown(src, plan, scope, rows, view, after, batch !== undefined && rows.length === batch, arrays),
  );
}

function shown<T extends StoredDoc>(
  src: QuerySource<T>,
  plan: QueryPlan<T>,
  scope: string,
  rows: DocRow[],
  view: PendingView<T>,
  after: Cursor | undefined,
  more: boolean,
  arrays: boolean,
): { docs: T[]; last?: Cursor } {
  const docs: T[] = [];
  const got = new Set<string>();
  let last: Cursor | undefined;
  const candidates: T[] = [];
  for (const row of rows) {
    got.add(`${row.scope}/${row.id}`);
    const stored = src.codec.decode(row).doc as unknown as T;
    last = plan.cursorOf(stored);
    const doc = view.seen(row.scope, row.id, row.w, stored);
    if (doc === stored) {
      if (!plan.q.filter || plan.q.filter(doc)) docs.push(doc);
    } else if (doc) candidates.push(doc);
  }
  // Documents a write in flight changed or removed, as they were before it: tested here, in full.
  for (const { key, doc } of view.befores(scope)) if (!got.has(key)) candidates.push(doc);
  for (const doc of candidates) {
    const position = plan.cursorOf(doc);
    if (after && plan.compare(position, after) <= 0) continue;
    if (more && last && plan.compare(position, last) > 0) continue;
    if (!plan.matches(doc) || !plan.matchesText(doc, (d) => src.options.search!(d))) continue;
    docs.push(arrays ? doc : withoutArrays(doc, src.codec.appendOnly));
  }
  docs.sort((a, b) => plan.compare(plan.cursorOf(a), plan.cursorOf(b)));
  return { docs, last: more ? last : undefined };
}

function withoutArrays<T>(doc: T, fields: string[]): T {
  const out = { ...doc } as Record<string, unknown>;
  for (const field of fields) if (Array.isArray(out[field])) out[field] = [];
  return out as T;
}
