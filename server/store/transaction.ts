// What both stores share of Store.transact (types.ts `Transaction`, docs/architecture.md section 7
// "Transactions"): recording the writes, grouping them per document, and folding a document's writes
// into the one state the transaction leaves it in. Each store then applies every document's state
// as one unit: one log line in the embedded store, one SQL transaction in PostgreSQL.
import { StoreConflictError, type StoredDoc, type Transaction } from './types.js';

export type TxOp =
  | { kind: 'create' | 'put'; doc: StoredDoc }
  | { kind: 'update'; fn: (doc: StoredDoc | undefined) => StoredDoc | undefined }
  | { kind: 'delete' };

/** One document a transaction writes, with its writes in the order recorded. */
export interface TxDocument {
  collection: string;
  scope: string;
  id: string;
  ops: TxOp[];
}

/** Runs the caller's function and returns the documents it writes, in the order first written. */
export async function recordTransaction<Types extends { [K in keyof Types]: StoredDoc }>(
  record: (tx: Transaction<Types>) => void | Promise<void>,
): Promise<TxDocument[]> {
  const docs = new Map<string, TxDocument>();
  let open = true;
  const add = (collection: string, scope: string, id: string, op: TxOp) => {
    // A write recorded after the function returned (an un-awaited promise) would be silently lost.
    if (!open) throw new Error('a transaction write was recorded after its function returned');
    const key = JSON.stringify([collection, scope, id]);
    let doc = docs.get(key);
    if (!doc) docs.set(key, (doc = { collection, scope, id, ops: [] }));
    doc.ops.push(op);
  };
  const tx: Transaction<Types> = {
    create: (name, scope, doc) => add(name, scope, doc.id, { kind: 'create', doc }),
    put: (name, scope, doc) => add(name, scope, doc.id, { kind: 'put', doc }),
    update: (name, scope, id, fn) => add(name, scope, id, { kind: 'update', fn: fn as (doc: StoredDoc | undefined) => StoredDoc | undefined }),
    delete: (name, scope, id) => add(name, scope, id, { kind: 'delete' }),
  };
  try {
    await record(tx);
  } finally {
    open = false;
  }
  return [...docs.values()];
}

/**
 * The state a document's writes leave it in, from its committed state. `copy` hands an update
 * function a copy (as Collection.update does), so a throwing function changes nothing. Throws
 * StoreConflictError for a create of an existing document, and whatever an update function throws.
 */
export function foldWrites(
  doc: TxDocument,
  committed: StoredDoc | undefined,
  copy: (doc: StoredDoc) => StoredDoc,
): { next: StoredDoc | undefined; changed: boolean; created: boolean } {
  let state = committed;
  let changed = false;
  let created = false;
  for (const op of doc.ops) {
    if (op.kind === 'create') {
      if (state) throw new StoreConflictError(doc.collection, doc.scope, doc.id);
      created = true;
    }
    if (op.kind === 'create' || op.kind === 'put') {
      state = op.doc;
      changed = true;
    } else if (op.kind === 'update') {
      const next = op.fn(state ? copy(state) : undefined);
      if (!next) continue;
      if (next.id !== doc.id) throw new Error('update() may not change a document id');
      state = next;
      changed = true;
    } else if (state) {
      state = undefined;
      changed = true;
    }
  }
  return { next: state, changed, created };
}
