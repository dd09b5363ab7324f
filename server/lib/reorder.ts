// A new order sent by a client must name every item exactly once: ordered lists (guidance rules,
// triggers) are reordered as a whole, so a stale client cannot drop or duplicate an item.
import { invalid } from '../errors.js';

export function checkNewOrder(currentIds: readonly string[], ids: readonly string[], field: string, noun: string): void {
  const known = new Set(currentIds);
  const unknown = ids.filter((id) => !known.has(id));
  const missing = currentIds.filter((id) => !ids.includes(id));
  if (unknown.length || missing.length || new Set(ids).size !== ids.length) {
    throw invalid(`${field} must list every ${noun} exactly once`, [
      ...unknown.map((id) => ({ path: field, message: `${id} is not a ${noun}` })),
      ...missing.map((id) => ({ path: field, message: `${id} is missing` })),
    ]);
  }
}
