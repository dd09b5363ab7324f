// Queries of the embedded store (types.ts `Query`) over the documents it holds in memory. A query
// ordered by a field walks that field's sorted index of the scope, built on first use and kept
// current by every later write (a binary search and one splice), from the cursor on, and stops once
// the page is full: a first or a deep page costs about the same however many documents the scope holds.
import { compareValues, fieldValue, QueryPlan } from '../query.js';
import type { CollectionOptions, Cursor, QueryPage, QueryValue, StoredDoc } from '../types.js';

interface Entry<T> {
  value: QueryValue;
  doc: T;
}

function compareEntries(a: { value: QueryValue; id: string }, b: { value: QueryValue; id: string }): number {
  return compareValues(a.value, b.value) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** The first position whose entry is not before `key`. */
function lowerBound<T extends StoredDoc>(list: Entry<T>[], key: { value: QueryValue; id: string }): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareEntries({ value: list[mid]!.value, id: list[mid]!.doc.id }, key) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class QueryIndexes<T extends StoredDoc> {
  /** scope → field → entries in ascending (value, id) order. */
  private readonly sorted = new Map<string, Map<string, Entry<T>[]>>();
  private readonly searchTexts = new WeakMap<T, string>();

  constructor(
    private readonly name: string,
    private readonly options: CollectionOptions,
  ) {}

  /** Keeps built indexes current: `previous` left its place, `next` takes its own (either may be absent). */
  changed(scope: string, previous: T | undefined, next: T | undefined): void {
    const fields = this.sorted.get(scope);
    if (!fields) return;
    for (const [field, list] of fields) {
      if (previous) {
        const at = lowerBound(list, { value: fieldValue(this.options, field, previous), id: previous.id });
        if (list[at]?.doc === previous) list.splice(at, 1);
        else fields.delete(field); // not where it should be: rebuilt on next use
      }
      if (next && fields.has(field)) {
        const value = fieldValue(this.options, field, next);
        list.splice(lowerBound(list, { value, id: next.id }), 0, { value, doc: next });
      }
    }
  }

  /** `ordered`: the scope's documents in id order (the collection's list), asked for only when needed. */
  run(scope: string, plan: QueryPlan<T>, ordered: () => readonly T[], count = false): { page: QueryPage<T>; total: number } {
    const limit = count ? Infinity : (plan.q.limit ?? Infinity);
    const items: T[] = [];
    let total = 0;
    let next: Cursor | null = null;
    const take = (doc: T): boolean => {
      if (!plan.matches(doc) || !plan.matchesText(doc, (d) => this.searchText(d))) return true;
      if (items.length === limit) {
        next = plan.cursorOf(items[items.length - 1]!);
        return false;
      }
      if (count) total++;
      else items.push(doc);
      return true;
    };
    const after = plan.q.after;
    if (plan.orderBy === undefined) {
      const byId = ordered();
      if (plan.desc) {
        for (let i = after ? this.firstAfterId(byId, after.id, true) - 1 : byId.length - 1; i >= 0; i--) if (!take(byId[i]!)) break;
      } else {
        for (let i = after ? this.firstAfterId(byId, after.id) : 0; i < byId.length; i++) if (!take(byId[i]!)) break;
      }
    } else {
      const list = this.index(scope, plan.orderBy, ordered);
      const key = after ? { value: after.value ?? null, id: after.id } : undefined;
      if (plan.desc) {
        for (let i = key ? lowerBound(list, key) - 1 : list.length - 1; i >= 0; i--) if (!take(list[i]!.doc)) break;
      } else {
        let i = key ? lowerBound(list, key) : 0;
        if (key && list[i] && compareEntries({ value: list[i]!.value, id: list[i]!.doc.id }, key) === 0) i++;
        for (; i < list.length; i++) if (!take(list[i]!.doc)) break;
      }
    }
    const shown = plan.q.arrays === false ? items.map((d) => this.withoutArrays(d)) : items;
    return { page: { items: shown, next }, total };
  }

  /** The folded text a text query searches, computed once per stored document (documents are never mutated). */
  searchText(doc: T): string {
    let text = this.searchTexts.get(doc);
    if (text === undefined) {
      text = this.options.search!(doc);
      this.searchTexts.set(doc, text);
    }
    return text;
  }

  private withoutArrays(doc: T): T {
    const out = { ...doc } as Record<string, unknown>;
    for (const field of this.options.appendOnly ?? []) if (Array.isArray(out[field])) out[field] = [];
    return out as T;
  }

  /** Index of the first document whose id is after `id` (`orEqual`: not before it). */
  private firstAfterId(byId: readonly T[], id: string, orEqual = false): number {
    let lo = 0;
    let hi = byId.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (byId[mid]!.id < id || (!orEqual && byId[mid]!.id === id)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private index(scope: string, field: string, ordered: () => readonly T[]): Entry<T>[] {
    let fields = this.sorted.get(scope);
    if (!fields) this.sorted.set(scope, (fields = new Map()));
    let list = fields.get(field);
    if (!list) {
      list = ordered().map((doc) => ({ value: fieldValue(this.options, field, doc), doc }));
      list.sort((a, b) => compareEntries({ value: a.value, id: a.doc.id }, { value: b.value, id: b.doc.id }));
      fields.set(field, list);
    }
    return list;
  }
}
