// Querying one search table (spec 2.9): full-text over its searchable fields (MiniSearch, BM25),
// equality filters on its filter fields and ranges on its number/date range fields.
import MiniSearch from 'minisearch';
import { invalid } from '../../../errors.js';
import type { Cell, ColumnType, Row, Scalar } from './parse.js';

export interface TableShape {
  columns: { name: string; type: ColumnType }[];
  searchable_fields: string[];
  filter_fields: string[];
  range_fields: string[];
}

export interface RangeBound {
  gte?: number | string;
  lte?: number | string;
  gt?: number | string;
  lt?: number | string;
}

export interface TableQuery {
  query?: string;
  /** field → value, or list of accepted values. */
  filters?: Record<string, Scalar | Scalar[]>;
  ranges?: Record<string, RangeBound>;
  limit?: number;
}

export interface TableHit {
  row: Row;
  score: number | null;
}

export interface TableIndex {
  query(q: TableQuery): { data: TableHit[]; total: number };
}

const asText = (v: Cell): string => (Array.isArray(v) ? v.map((x) => String(x ?? '')).join(' ') : v === null ? '' : String(v));
const norm = (v: Scalar): string => (v === null ? '' : String(v).trim().toLowerCase());

function comparable(type: ColumnType, v: unknown): number | null {
  if (v === null || v === undefined || v === '') return null;
  if (type === 'number') return typeof v === 'number' ? v : Number.isFinite(Number(v)) ? Number(v) : null;
  const t = Date.parse(String(v));
  return Number.isNaN(t) ? null : t;
}

export function buildTableIndex(shape: TableShape, rows: Row[]): TableIndex {
  const types = new Map(shape.columns.map((c) => [c.name, c.type]));
  const search = new MiniSearch<{ id: number }>({
    fields: shape.searchable_fields,
    storeFields: [],
    extractField: (doc, field) => (field === 'id' ? String(doc.id) : asText(rows[doc.id][field] ?? null)),
    searchOptions: { prefix: (t) => t.length > 3, fuzzy: (t) => (t.length > 5 ? 0.2 : false), combineWith: 'OR' },
  });
  if (shape.searchable_fields.length > 0) search.addAll(rows.map((_, id) => ({ id })));

  function check(q: TableQuery): void {
    if (q.query?.trim() && shape.searchable_fields.length === 0) {
      throw invalid('this table has no searchable fields; configure searchable_fields to query it by text', [{ path: 'query', message: 'no searchable fields' }]);
    }
    for (const f of Object.keys(q.filters ?? {})) {
      if (!shape.filter_fields.includes(f)) throw invalid(`"${f}" is not a filter field of this table`, [{ path: `filters.${f}`, message: 'is not a filter field' }]);
    }
    for (const [f, bound] of Object.entries(q.ranges ?? {})) {
      if (!shape.range_fields.includes(f)) throw invalid(`"${f}" is not a range field of this table`, [{ path: `ranges.${f}`, message: 'is not a range field' }]);
      for (const [op, v] of Object.entries(bound)) {
        if (comparable(types.get(f)!, v) === null) {
          throw invalid(`ranges.${f}.${op} must be a ${types.get(f) === 'number' ? 'number' : 'date'}`, [{ path: `ranges.${f}.${op}`, message: 'has the wrong type' }]);
        }
      }
    }
  }

  function matches(row: Row, q: TableQuery): boolean {
    for (const [f, wanted] of Object.entries(q.filters ?? {})) {
      const accepted = (Array.isArray(wanted) ? wanted : [wanted]).map(norm);
      const value = row[f] ?? null;
      const have = (Array.isArray(value) ? value : [value]).map(norm);
      if (!have.some((h) => accepted.includes(h))) return false;
    }
    for (const [f, bound] of Object.entries(q.ranges ?? {})) {
      const type = types.get(f)!;
      const v = comparable(type, row[f] ?? null);
      if (v === null) return false;
      if (bound.gte !== undefined && v < comparable(type, bound.gte)!) return false;
      if (bound.gt !== undefined && v <= comparable(type, bound.gt)!) return false;
      if (bound.lte !== undefined && v > comparable(type, bound.lte)!) return false;
      if (bound.lt !== undefined && v >= comparable(type, bound.lt)!) return false;
    }
    return true;
  }

  return {
    query(q) {
      check(q);
      const limit = Math.min(Math.max(q.limit ?? 10, 1), 100);
      const text = q.query?.trim();
      let hits: TableHit[];
      if (text && shape.searchable_fields.length > 0) {
        hits = search
          .search(text)
          .filter((r) => matches(rows[r.id as number], q))
          .map((r) => ({ row: rows[r.id as number], score: Math.round(r.score * 1e4) / 1e4 }));
      } else {
        hits = rows.filter((r) => matches(r, q)).map((row) => ({ row, score: null }));
      }
      return { data: hits.slice(0, limit), total: hits.length };
    },
  };
}
