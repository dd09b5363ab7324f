// Cursor pagination (DESIGN.md section 2): newest first; `starting_after` pages towards older items,
// `ending_before` towards newer ones. Ids are UUIDv7 (time-ordered, fixed-width lowercase hex), so a
// cursor is compared by value and stays valid even when its item was deleted or hidden meanwhile.
import { invalid } from '../../errors.js';

export interface PageQuery {
  limit?: number;
  starting_after?: string;
  ending_before?: string;
}

export interface Page<T> {
  data: T[];
  has_more: boolean;
}

/** `ascending` must be in ascending id order (the order Store.list returns). */
export function paginate<T extends { id: string }>(ascending: readonly T[], q: PageQuery): Page<T> {
  const limit = q.limit ?? 20;
  if (q.starting_after && q.ending_before) {
    throw invalid('Use starting_after or ending_before, not both', [{ path: 'querystring.ending_before', message: 'cannot be combined with starting_after' }]);
  }
  if (q.ending_before) {
    const cursor = q.ending_before.toLowerCase();
    // The `limit` items just newer than the cursor, returned newest first like every page.
    const newer = ascending.filter((i) => i.id > cursor);
    const page = newer.slice(0, limit);
    return { data: page.reverse(), has_more: newer.length > limit };
  }
  const cursor = q.starting_after?.toLowerCase();
  const data: T[] = [];
  let has_more = false;
  for (let i = ascending.length - 1; i >= 0; i--) {
    const item = ascending[i];
    if (cursor !== undefined && item.id >= cursor) continue;
    if (data.length === limit) {
      has_more = true;
      break;
    }
    data.push(item);
  }
  return { data, has_more };
}
