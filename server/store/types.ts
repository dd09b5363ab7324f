// The Store interface (docs/architecture.md section 7). Everything outside server/store/ talks to this, never to lowdb,
// so a PostgreSQL implementation can replace the embedded one behind the same contract test suite.
//
// Shape: named collections of JSON documents, each document in a *scope* (a project id, or an
// organization id for org-level data). A generic collection keeps the interface small while every
// domain adds its own typed collection in collections.ts.

export interface StoredDoc {
  id: string;
}

export interface Collection<T extends StoredDoc> {
  /** One document of a scope, or undefined. */
  get(scope: string, id: string): Promise<T | undefined>;
  /** All documents of a scope in id order (ids are UUIDv7, so creation order). */
  list(scope: string): Promise<T[]>;
  /** Documents whose `field` equals `value`, in any scope (served from an index when declared). */
  findBy<K extends keyof T & string>(field: K, value: T[K]): Promise<T[]>;
  /** Every scope that holds at least one document. */
  scopes(): Promise<string[]>;
  /** Insert or replace; resolves only once the document is durably on disk. */
  put(scope: string, doc: T): Promise<T>;
  /**
   * Read-modify-write of one document, serialised per document so concurrent updates never lose each
   * other's changes. `fn` returns the new document, or undefined to leave it unchanged. Resolves after
   * the write is durable with the stored result, or undefined when the document does not exist.
   */
  update(scope: string, id: string, fn: (doc: T) => T | undefined): Promise<T | undefined>;
  /** Remove; resolves after the removal is durable. True when something was removed. */
  delete(scope: string, id: string): Promise<boolean>;
  /**
   * One page of a scope's documents matching `q`, in its order (docs/architecture.md section 7
   * "Queries"). Filters and order name declared query fields only (CollectionOptions.queryFields).
   */
  query(scope: string, q: Query<T>): Promise<QueryPage<T>>;
  /** How many documents of a scope match (order, paging and `arrays` do not apply). */
  count(scope: string, q?: Query<T>): Promise<number>;
  /** How many matching documents hold each value of a declared query field (absent counts as null). */
  countBy(scope: string, field: string, q?: Query<T>): Promise<{ value: QueryValue; count: number }[]>;
}

/** What a query field holds. Values order null < false < true < numbers < strings (strings by UTF-16 code units). */
export type QueryValue = string | number | boolean | null;

/** Equality, one of several values, or a range within the bound's own type (a number range never matches strings). */
export type Condition = QueryValue | { in: QueryValue[] } | { gt?: string | number; gte?: string | number; lt?: string | number; lte?: string | number };

/** Where a page ends: the id of its last document and, when ordered by a field, that document's value of it. */
export interface Cursor {
  id: string;
  value?: QueryValue;
}

export interface Query<T> {
  /** Every condition must hold; keys are declared query fields. */
  where?: Record<string, Condition>;
  /** A substring of the collection's search text (CollectionOptions.search), normalised as that text is. */
  text?: string;
  /** One declared query field, then id in the same direction; absent: by id. */
  order?: { by?: string; desc?: boolean };
  /** Documents per page; absent: every match. */
  limit?: number;
  /** Continue after this position (QueryPage.next of the page before). */
  after?: Cursor;
  /**
   * A test the database cannot run, applied to each document after `where` (filters on arrays such
   * as tags). Pages stay exact; it costs reading the documents it rejects, so filter first with `where`.
   */
  filter?: (doc: T) => boolean;
  /** False: leave the append-only arrays out (they read as []): a list page of conversations without their messages. */
  arrays?: boolean;
}

export interface QueryPage<T> {
  items: T[];
  /** Where the next page starts, or null when this page holds the last match. */
  next: Cursor | null;
}

/**
 * The writes of one Store.transact: documents of any collections and scopes, applied all or nothing
 * (docs/architecture.md section 7 "Transactions"). Calls only record the writes; they are applied, in
 * the order recorded, when the function given to transact has returned.
 */
export interface Transaction<Types extends { [K in keyof Types]: StoredDoc }> {
  /** Insert a new document; the whole transaction fails with StoreConflictError when it exists. */
  create<K extends keyof Types & string>(name: K, scope: string, doc: Types[K]): void;
  /** Insert or replace. */
  put<K extends keyof Types & string>(name: K, scope: string, doc: Types[K]): void;
  /**
   * Read-modify-write on the newest state, serialised with the document's other writes. Unlike
   * Collection.update, `fn` is also called for a missing document (with undefined), so a write can
   * create what is not there yet; returning undefined leaves the document as it is.
   */
  update<K extends keyof Types & string>(name: K, scope: string, id: string, fn: (doc: Types[K] | undefined) => Types[K] | undefined): void;
  delete<K extends keyof Types & string>(name: K, scope: string, id: string): void;
}

/** A transaction's create met a document that already exists: nothing of the transaction was written. */
export class StoreConflictError extends Error {
  constructor(readonly collection: string, readonly scope: string, readonly id: string) {
    super(`${collection}/${scope}/${id} already exists`);
    this.name = 'StoreConflictError';
  }
}

export interface Store<Types extends { [K in keyof Types]: StoredDoc }> {
  collection<K extends keyof Types & string>(name: K): Collection<Types[K]>;
  /**
   * Several writes as one: `record` lists them (it may read the store first; a throw writes
   * nothing), then they are applied together. Resolves once all are durable and shown to readers at
   * once; rejects with none applied when any fails (a create's conflict, a throwing update function,
   * a document that cannot be stored, the disk or database failing).
   */
  transact(record: (tx: Transaction<Types>) => void | Promise<void>): Promise<void>;
  /** Resolves when every write issued so far is durable (used by graceful shutdown). */
  flush(): Promise<void>;
  /**
   * Online backup: runs `copy` with the store's files (relative to its directory) that together hold
   * every write acknowledged before the call and nothing half-written, and keeps them unchanged
   * until `copy` settles, while reads and writes go on.
   */
  snapshot<R>(copy: (files: string[]) => Promise<R>): Promise<R>;
  close(): Promise<void>;
}

/** Raised at start when a file cannot be read or parsed; it is never silently reset. */
export class StoreCorruptError extends Error {
  constructor(readonly files: { path: string; reason: string }[]) {
    super(`Data files are unreadable:\n${files.map((f) => `  ${f.path}: ${f.reason}`).join('\n')}`);
    this.name = 'StoreCorruptError';
  }
}

export interface CollectionOptions {
  /** Fields served from an in-memory equality index by `findBy`. */
  indexes?: string[];
  /** Current schema version of this collection's files. */
  version?: number;
  /**
   * Array fields that are only ever appended to, with elements never changed in place (a
   * conversation's messages). update() hands fn a new array holding the same elements instead of
   * deep copies, and a write that only appends stores only the new elements.
   */
  appendOnly?: string[];
  /** Migrations: `migrate[n]` upgrades a document from version n to n+1. */
  migrate?: Record<number, (doc: any) => any>;
  /**
   * Fields queries may filter and order by: a document field of that name, or a value the function
   * derives from the document's other fields (never its append-only arrays, which a query may leave
   * out). The PostgreSQL store copies each at write time into indexed columns.
   */
  queryFields?: Record<string, 'text' | 'number' | 'boolean' | ((doc: any) => QueryValue)>;
  /**
   * Field lists the PostgreSQL store builds a b-tree for: equality fields first, the ordered field
   * last (scope before and id after are implied), e.g. ['status', 'last_message_at'].
   */
  queryIndexes?: string[][];
  /** The text `Query.text` searches in, derived from the whole document (its arrays included). */
  search?: (doc: any) => string;
}
