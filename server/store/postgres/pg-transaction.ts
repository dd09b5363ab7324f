// Store.transact on PostgreSQL (docs/architecture.md "PostgreSQL store"): the documents of a
// transaction written in one SQL transaction, each as its single write would be (row locked then
// read, only what changed written, the write's token on the row), so other instances see all of it
// at the COMMIT or none. Within this process it is every document's pending write at once
// (pending.ts): readers see the documents before the transaction until it has committed and
// resolved, then all of them after it.
import type { StoredDoc, Transaction } from '../types.js';
import { StoreConflictError } from '../types.js';
import type { DocumentChains } from './document-chain.js';
import { assertSafeName, type PgCollection } from './pg-collection.js';
import { foldWrites, recordTransaction } from '../transaction.js';

const UNIQUE_VIOLATION = '23505';

export async function pgTransact<Types extends { [K in keyof Types]: StoredDoc }>(
  collections: Map<string, PgCollection<StoredDoc>>,
  chains: DocumentChains,
  record: (tx: Transaction<Types>) => void | Promise<void>,
): Promise<void> {
  const docs = await recordTransaction(record);
  const targets = docs.map((d) => {
    const c = collections.get(d.collection);
    if (!c) throw new Error(`unknown collection ${d.collection}`);
    assertSafeName('scope', d.scope);
    assertSafeName('id', d.id);
    return { d, c, key: c.chainKey(d.scope, d.id) };
  });
  if (targets.length === 0) return;
  // Rows are locked in one order on every instance, so two transactions never lock each other out.
  targets.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const writes = targets.map(({ d, c }) => c.pending.begin(d.scope, d.id));
  try {
    await chains.runAll(
      targets.map((t) => t.key),
      async () => {
        await targets[0]!.c.transaction(async (client) => {
          const read = [];
          for (const [k, { d, c }] of targets.entries()) {
            const state = await c.lockAndRead(client, d.scope, d.id);
            writes[k]!.before = state.doc;
            read.push(state);
          }
          for (const [k, { d, c }] of targets.entries()) {
            const { next, changed, created } = foldWrites(d, read[k]!.doc, (doc) => c.codec.copy(doc as unknown as Record<string, unknown>) as unknown as StoredDoc);
            if (!changed) continue;
            const token = c.pending.token(writes[k]!);
            try {
              await c.store(client, d.scope, d.id, { ...read[k]!, before: read[k]!.doc, next, token, insert: created && !read[k]!.doc });
            } catch (err) {
              // Another instance inserted the row after our read found none.
              if ((err as { code?: string }).code === UNIQUE_VIOLATION) throw new StoreConflictError(d.collection, d.scope, d.id);
              throw err;
            }
          }
        });
        await Promise.all(targets.map(({ c }, k) => c.pending.settle(writes[k]!)));
      },
    );
  } finally {
    for (const [k, { c }] of targets.entries()) c.pending.end(writes[k]!);
  }
}
