// Cursor pagination (docs/architecture.md section 2): newest first; `starting_after` pages towards older items,
// `ending_before` towards newer ones. Ids are UUIDv7 (time-ordered, fixed-width lowercase hex), so a
// cursor is compared by value and stays valid even when its item was deleted or hidden meanwhile.
// The walk is lazy: it starts at the cursor (binary search) and stops after limit + 1 matches, so a
// page costs the same with 100 or 100,000 stored items.
import { invalid } from '../../errors.js';
import type { Query, QueryPage } from '../../store/types.js';

export interface PageQuery {
  limit?: number;
  starting_after?: string;
  ending_before?: string;
}

export interface Page<T> {
  data: T[];
  has_more: boolean;
}

/**
 * The page size. The schema bounds it, but a query string of "1e999" reaches the handler as Infinity
 * (the validator's number coercion), which a store query refuses: say so as the schema would.
 */
function pageLimit(q: PageQuery): number {
  const limit = q.limit ?? 20;
  if (!Number.isSafeInteger(limit) || limit < 1) {
    throw invalid('limit must be a whole number from 1 to 100', [{ path: 'querystring.limit', message: 'must be a whole number from 1 to 100' }]);
  }
  return limit;
}

/** Index of the first item whose id is greater than `id` (items in ascending id order). */
function firstAfter(items: readonly { id: string }[], id: string): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (items[mid].id <= id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The same page from a store query (server/store/types.ts): `base` filters, the store pages by id
 * from the cursor and reads only the page (and, for `has_more`, knows whether one more matches).
 */
export async function queryPage<T extends { id: string }>(
  query: (q: Query<T>) => Promise<QueryPage<T>>,
  q: PageQuery,
  base: Query<T> = {},
): Promise<Page<T>> {
  const limit = pageLimit(q);
  if (q.starting_after && q.ending_before) {
    throw invalid('Use starting_after or ending_before, not both', [{ path: 'querystring.ending_before', message: 'cannot be combined with starting_after' }]);
  }
  if (q.ending_before) {
    // The `limit` matches just newer than the cursor, returned newest first like every page.
    const page = await query({ ...base, order: {}, limit, after: { id: q.ending_before.toLowerCase() } });
    return { data: page.items.reverse(), has_more: page.next !== null };
  }
  const page = await query({ ...base, order: { desc: true }, limit, after: q.starting_after ? { id: q.starting_after.toLowerCase() } : undefined });
  return { data: page.items, has_more: page.next !== null };
}

/** `ascending` must be in ascending id order (the order Store.list returns). */
export function paginate<T extends { id: string }>(ascending: readonly T[], q: PageQuery, keep: (item: T) => boolean = () => true): Page<T> {
  const limit = pageLimit(q);
  if (q.starting_after && q.ending_before) {
    throw invalid('Use starting_after or ending_before, not both', [{ path: 'querystring.ending_before', message: 'cannot be combined with starting_after' }]);
  }
  const data: T[] = [];
  if (q.ending_before) {
    // The `limit` matches just newer than the cursor, returned newest first like every page.
    for (let i = firstAfter(ascending, q.ending_before.toLowerCase()); i < ascending.length; i++) {
      if (!keep(ascending[i])) continue;
      if (data.length === limit) return { data: data.reverse(), has_more: true };
      data.push(ascending[i]);
    }
    return { data: data.reverse(), has_more: false };
  }
  const start = q.starting_after ? firstAfter(ascending, q.starting_after.toLowerCase()) - 1 : ascending.length - 1;
  for (let i = start; i >= 0; i--) {
    const item = ascending[i];
    if (q.starting_after && item.id >= q.starting_after.toLowerCase()) continue;
    if (!keep(item)) continue;
    if (data.length === limit) return { data, has_more: true };
    data.push(item);
  }
  return { data, has_more: false };
}
