// What "the same data" means for migrate-to-postgres (docs/architecture.md "Moving to PostgreSQL"):
// a document's canonical JSON (object keys sorted), so the key order a store happens to keep (the
// PostgreSQL store puts a conversation's messages last) never counts as a difference, while any
// changed value, string or message does. Lone surrogates and NUL survive JSON.stringify as escapes.
import { createHash } from 'node:crypto';
import type { Collection, StoredDoc } from '../store/types.js';

function sortKeys(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const sorted: Record<string, unknown> = {};
  for (const k of Object.keys(value).sort()) sorted[k] = (value as Record<string, unknown>)[k];
  return sorted;
}

export function canonicalJson(doc: unknown): string {
  return JSON.stringify(doc, sortKeys);
}

export function sameDocument(a: StoredDoc, b: StoredDoc): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

/** Scopes in one order on both sides (code-unit order, as document ids are listed). */
export const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export interface CollectionSum {
  documents: number;
  /** sha256 over each document's scope and canonical JSON, in (scope, id) order. */
  checksum: string;
}

/** One collection's count and checksum, read a scope at a time so only one scope is held at once. */
export async function collectionSum(collection: Collection<StoredDoc>): Promise<CollectionSum> {
  const hash = createHash('sha256');
  let documents = 0;
  for (const scope of (await collection.scopes()).sort(byCodeUnit)) {
    // list() is in id order on both stores (types.ts).
    for (const doc of await collection.list(scope)) {
      hash.update(JSON.stringify(scope));
      hash.update(canonicalJson(doc));
      hash.update('\n');
      documents++;
    }
  }
  return { documents, checksum: hash.digest('hex') };
}
