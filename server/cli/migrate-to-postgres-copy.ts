// The copy of migrate-to-postgres: every document of every collection, a scope at a time, through
// the Store interface (the PostgreSQL layout stays the store's business). Each put is one transaction,
// so after a kill every document in the database is whole, and a re-run skips those already equal.
import type { Collection, StoredDoc } from '../store/types.js';
import { byCodeUnit, sameDocument } from './migrate-to-postgres-hash.js';

type Coll = Collection<StoredDoc>;

/** Puts under way at once: enough to keep a connection pool (10) busy without queueing on it. */
const CONCURRENCY = 8;
/** A progress line every this many documents of one collection. */
const PROGRESS_EVERY = 1000;

export interface Conflicts {
  /** Documents in the database that DATA_DIR holds differently or not at all. */
  differing: number;
  /** Documents in the database equal to DATA_DIR's: an earlier run copied them. */
  identical: number;
  example?: string;
}

/**
 * What the database already holds compared with DATA_DIR, before anything is written. Only the
 * database's own scopes are read, so an empty database costs one query per collection.
 */
export async function compareExisting(names: readonly string[], src: (name: string) => Coll, dst: (name: string) => Coll): Promise<Conflicts> {
  const out: Conflicts = { differing: 0, identical: 0 };
  for (const name of names) {
    for (const scope of await dst(name).scopes()) {
      for (const doc of await dst(name).list(scope)) {
        const mine = await src(name).get(scope, doc.id);
        if (mine && sameDocument(mine, doc)) out.identical++;
        else {
          out.differing++;
          out.example ??= `${name}/${scope}/${doc.id}`;
        }
      }
    }
  }
  return out;
}

export interface CopyResult {
  total: number;
  copied: number;
  skipped: number;
  removed: number;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Runs `fn` over `items`, at most `limit` at a time; the first failure rejects. */
async function inParallel<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Copies one collection. `replace` (--force) also overwrites documents that differ and removes
 * those DATA_DIR does not hold, so the database ends equal to DATA_DIR.
 */
export async function copyCollection(
  name: string,
  src: Coll,
  dst: Coll,
  options: { replace: boolean; print: (line: string) => void },
): Promise<CopyResult> {
  const scopes = new Set(await src.scopes());
  if (options.replace) for (const s of await dst.scopes()) scopes.add(s);
  const ordered = [...scopes].sort(byCodeUnit);
  // DATA_DIR's documents are in memory already: counting them reads no file.
  let total = 0;
  for (const scope of ordered) total += (await src.list(scope)).length;
  const result: CopyResult = { total, copied: 0, skipped: 0, removed: 0 };
  if (total === 0 && !options.replace) return result;
  options.print(`${name}: ${plural(total, 'document')} in ${plural(ordered.length, 'scope')}`);

  let shown = 0;
  const progress = () => {
    const done = result.copied + result.skipped;
    if (done - shown < PROGRESS_EVERY) return;
    shown = done - (done % PROGRESS_EVERY);
    options.print(`${name}: ${done} of ${total} (${result.copied} copied, ${result.skipped} already there)`);
  };
  for (const scope of ordered) {
    const there = new Map((await dst.list(scope)).map((d) => [d.id, d]));
    const todo: StoredDoc[] = [];
    for (const doc of await src.list(scope)) {
      const existing = there.get(doc.id);
      there.delete(doc.id);
      if (existing && sameDocument(doc, existing)) {
        result.skipped++;
        progress();
      } else todo.push(doc);
    }
    await inParallel(todo, CONCURRENCY, async (doc) => {
      await dst.put(scope, doc);
      result.copied++;
      progress();
    });
    // Left over: in the database only. compareExisting refused them unless --force was given.
    if (options.replace) {
      await inParallel([...there.keys()], CONCURRENCY, async (id) => {
        if (await dst.delete(scope, id)) result.removed++;
      });
    }
  }
  options.print(`${name}: ${result.copied} copied, ${result.skipped} already there${result.removed ? `, ${result.removed} removed` : ''}`);
  return result;
}
