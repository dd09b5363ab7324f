// Cursor pagination over an id-ordered list, newest first (docs/architecture.md section 2).
import { invalid } from '../../errors.js';

export interface PageQuery {
  limit?: number;
  starting_after?: string;
  ending_before?: string;
}

export function paginate<T extends { id: string }>(items: T[], q: PageQuery): { data: T[]; has_more: boolean } {
  const limit = q.limit ?? 20;
  const sorted = [...items].sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  if (q.starting_after && q.ending_before) throw invalid('Use starting_after or ending_before, not both');
  if (q.ending_before) {
    const at = sorted.findIndex((i) => i.id === q.ending_before);
    const before = at < 0 ? [] : sorted.slice(0, at);
    return { data: before.slice(Math.max(0, before.length - limit)), has_more: before.length > limit };
  }
  let start = 0;
  if (q.starting_after) {
    const at = sorted.findIndex((i) => i.id === q.starting_after);
    start = at < 0 ? sorted.length : at + 1;
  }
  return { data: sorted.slice(start, start + limit), has_more: sorted.length > start + limit };
}
