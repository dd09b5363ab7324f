// Documents to rows and back. A row holds the document's fields as JSON text `doc` minus its
// append-only arrays, which are element rows (schema.ts); `arrays` names the append-only fields that
// hold an array, so an empty array comes back as [] and an absent field stays absent; `keys` holds the
// JSON text of each indexed field's value.
import type { CollectionOptions } from '../types.js';
import { fieldValue } from '../query.js';
import { encodeValue, searchable } from './query-values.js';

export interface DocRow {
  scope: string;
  id: string;
  v: number;
  doc: string;
  arrays: string[];
  /** The token of the write that made this row (pending.ts). */
  w: string;
  /** JSON text {"field": [elements]} of the append-only fields (sql.ts). */
  elements?: string | null;
}

/** The value findBy looks an indexed field up by: its JSON text, for the values an index holds. */
export function keyOf(value: unknown): string | undefined {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? JSON.stringify(value) : undefined;
}

/** What a write stores: everything serialised before the first statement, so a value JSON cannot hold fails before the database sees anything. */
export interface EncodedDoc {
  doc: string;
  arrays: string[];
  keys: string;
  /** The query fields' values (query-values.ts) in declaration order, and the search text. */
  qv: Buffer[];
  search: string | null;
  /** Per append-only field: the JSON texts of the elements to write from index `from` on. */
  elements: { field: string; from: number; texts: string[]; replace: boolean }[];
  /** Append-only fields whose elements go because the field is no longer an array. */
  cleared: string[];
}

export class RowCodec {
  readonly version: number;
  readonly appendOnly: string[];
  readonly indexes: string[];
  readonly queryFields: string[];

  constructor(
    private readonly collection: string,
    private readonly options: CollectionOptions,
  ) {
    this.version = options.version ?? 1;
    this.appendOnly = options.appendOnly ?? [];
    this.indexes = options.indexes ?? [];
    this.queryFields = Object.keys(options.queryFields ?? {});
  }

  /** What the query columns hold for a document (schema.ts migration 2). */
  queryColumns(doc: Record<string, unknown>): { qv: Buffer[]; search: string | null } {
    return {
      qv: this.queryFields.map((field) => encodeValue(fieldValue(this.options, field, doc))),
      search: this.options.search ? searchable(this.options.search(doc)) : null,
    };
  }

  /**
   * The document a row holds, upgraded to this build's schema version. A row written at an older
   * version (by an older instance still running beside this one) reads as the embedded store would
   * load it; a row from a newer build is refused rather than misread.
   */
  decode(row: DocRow): { doc: Record<string, unknown>; migrated: boolean } {
    let doc = JSON.parse(row.doc) as Record<string, unknown>;
    const elements = row.elements ? (JSON.parse(row.elements) as Record<string, unknown[]>) : {};
    for (const field of row.arrays) doc[field] = elements[field] ?? [];
    let v = row.v;
    if (v > this.version) {
      throw new Error(`${this.collection}/${row.scope}/${row.id}: schema version ${v} is newer than this build (${this.version})`);
    }
    while (v < this.version) {
      const step = this.options.migrate?.[v];
      if (!step) throw new Error(`${this.collection}/${row.scope}/${row.id}: no migration from schema version ${v}`);
      doc = step(doc);
      v += 1;
    }
    return { doc, migrated: v !== row.v };
  }

  /**
   * The write turning `previous` (as read, or undefined to replace everything) into `next`. An
   * append-only array that keeps every element it had (the same objects, as update() hands them
   * over) writes only its new elements; anything else rewrites that field's elements.
   */
  encode(next: Record<string, unknown>, previous?: Record<string, unknown>): EncodedDoc {
    const rest: Record<string, unknown> = {};
    for (const key of Object.keys(next)) {
      if (!this.appendOnly.includes(key) || !Array.isArray(next[key])) rest[key] = next[key];
    }
    const out: EncodedDoc = { doc: JSON.stringify(rest), arrays: [], keys: this.keys(next), ...this.queryColumns(next), elements: [], cleared: [] };
    for (const field of this.appendOnly) {
      const after = next[field];
      const before = previous?.[field];
      if (!Array.isArray(after)) {
        if (Array.isArray(before)) out.cleared.push(field);
        continue;
      }
      out.arrays.push(field);
      let from = 0;
      if (Array.isArray(before) && after.length >= before.length) {
        from = before.length;
        for (let k = 0; k < before.length; k++) {
          if (after[k] !== before[k]) {
            from = 0;
            break;
          }
        }
      }
      const replace = from === 0 && previous !== undefined;
      if (after.length > from || replace) out.elements.push({ field, from, texts: after.slice(from).map(elementText), replace });
    }
    return out;
  }

  /** The `keys` column: indexed fields without a value (null, absent) are left out, as from the embedded store's index. */
  keys(doc: Record<string, unknown>): string {
    const keys: Record<string, string> = {};
    for (const field of this.indexes) {
      const key = keyOf(doc[field]);
      if (key !== undefined) keys[field] = key;
    }
    return JSON.stringify(keys);
  }

  /**
   * What update() hands its function: a deep copy of the small fields and new arrays holding the
   * same (immutable) elements, so a throwing or in-place function cannot change what was read, and
   * an append is recognised by the elements it kept.
   */
  copy(doc: Record<string, unknown>): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(doc)) {
      const value = doc[key];
      out[key] = this.appendOnly.includes(key) && Array.isArray(value) ? value.slice() : structuredClone(value);
    }
    return out;
  }
}

/** An element as JSON; undefined (which JSON.stringify drops) is stored as null, as in an array. */
function elementText(value: unknown): string {
  return JSON.stringify(value) ?? 'null';
}
