// Within one process, reads and writes behave as the embedded store's do (the contract's "shows a
// change to readers only once it is durable"; code written against it may rely on it): a read
// returns the state as of its call, not showing a write that was not yet acknowledged then, and a
// write is acknowledged only after the reads that overlap it have returned. PostgreSQL alone does not
// give that: it shows a commit to every session a moment before the writer hears of it, and a read
// can finish after a write issued after it.
//
// So every row carries the token of the write that made it (`w`: this process's prefix and a counter
// that grows with each write issued). A read notes, at its call, the writes then pending and the
// counter; a row made by one of them or by a later write of this process, or missing because one of
// them removed it, reads as the document before the earliest such write. A write waits, once
// committed, for the reads in flight that may hold its row, so that those later writes are still
// known when such a read looks. Other processes see a commit as soon as it happens: it is durable.
import { randomUUID } from 'node:crypto';
import type { StoredDoc } from '../types.js';

export interface PendingWrite<T> {
  scope: string;
  id: string;
  n: number;
  /** The document under the row lock, before this write; set before the write changes anything. */
  before: T | undefined;
}

/** What a read may cover: one document, one scope, or (findBy) the whole collection. */
type Reach = { scope?: string; id?: string };

export class PendingWrites<T extends StoredDoc> {
  private readonly prefix = `${randomUUID()}.`;
  private counter = 0;
  /** Per document, its writes in the order issued (DocumentChains runs them in that order). */
  private readonly byKey = new Map<string, PendingWrite<T>[]>();
  private readonly reads = new Set<{ reach: Reach; done: Promise<void> }>();

  /** Called when a write is issued, before it waits for its turn. */
  begin(scope: string, id: string): PendingWrite<T> {
    const write = { scope, id, n: ++this.counter, before: undefined };
    const list = this.byKey.get(`${scope}/${id}`);
    if (list) list.push(write);
    else this.byKey.set(`${scope}/${id}`, [write]);
    return write;
  }

  /** The token its row carries. */
  token(write: PendingWrite<T>): string {
    return `${this.prefix}${write.n}`;
  }

  /** Once its COMMIT has answered: waits for the reads in flight that may have seen it. */
  async settle(write: PendingWrite<T>): Promise<void> {
    const overlapping = [...this.reads].filter(({ reach }) => (reach.scope ?? write.scope) === write.scope && (reach.id ?? write.id) === write.id);
    if (overlapping.length > 0) await Promise.all(overlapping.map((r) => r.done));
  }

  /** Right before it resolves (or rejects). */
  end(write: PendingWrite<T>): void {
    const key = `${write.scope}/${write.id}`;
    const list = this.byKey.get(key)?.filter((w) => w !== write) ?? [];
    if (list.length > 0) this.byKey.set(key, list);
    else this.byKey.delete(key);
  }

  /** Runs a read: `query` fetches rows, `show` turns them into documents through the read's view. */
  async read<R, O>(reach: Reach, query: () => Promise<R>, show: (rows: R, view: PendingView<T>) => O): Promise<O> {
    const earliest = new Map<string, PendingWrite<T>>();
    for (const [key, list] of this.byKey) earliest.set(key, list[0]!);
    const view = new PendingView(this, earliest, this.counter);
    let finish!: () => void;
    const entry = { reach, done: new Promise<void>((resolve) => (finish = resolve)) };
    this.reads.add(entry);
    try {
      return show(await query(), view);
    } finally {
      this.reads.delete(entry);
      // A turn later: whoever awaited this read runs before a write waiting for it resolves.
      setImmediate(finish);
    }
  }

  /** Documents of a scope with writes pending. */
  count(scope: string): number {
    let n = 0;
    for (const key of this.byKey.keys()) if (key.startsWith(`${scope}/`)) n++;
    return n;
  }

  /** The first write of a document issued after the `issued`-th (one a read's view did not know). */
  firstAfter(key: string, issued: number): PendingWrite<T> | undefined {
    return this.byKey.get(key)?.find((w) => w.n > issued);
  }

  /** Documents with a write issued after the `issued`-th still pending. */
  keysAfter(issued: number): string[] {
    if (this.counter === issued) return [];
    return [...this.byKey].filter(([, list]) => list.some((w) => w.n > issued)).map(([key]) => key);
  }

  /** The write number of a token of this process, or undefined. */
  numberOf(token: string): number | undefined {
    return token.startsWith(this.prefix) ? Number(token.slice(this.prefix.length)) : undefined;
  }
}

export class PendingView<T extends StoredDoc> {
  constructor(
    private readonly writes: PendingWrites<T>,
    private readonly earliest: Map<string, PendingWrite<T>>,
    private readonly issued: number,
  ) {}

  /** The earliest write of this document the read must not show, if any. */
  private unseen(key: string): PendingWrite<T> | undefined {
    return this.earliest.get(key) ?? this.writes.firstAfter(key, this.issued);
  }

  /** What the read shows for a row: the row, unless a write it must not show made it. */
  seen(scope: string, id: string, token: string, doc: T): T | undefined {
    const n = this.writes.numberOf(token);
    if (n === undefined) return doc;
    const first = this.unseen(`${scope}/${id}`);
    return first && n >= first.n ? first.before : doc;
  }

  /** What the read shows for a document the database did not return. */
  missing(scope: string, id: string): T | undefined {
    return this.unseen(`${scope}/${id}`)?.before;
  }

  /** Documents such writes may have taken out of a result (of one scope, or all), for the caller to add back where it got no row. */
  befores(scope?: string): { key: string; doc: T }[] {
    const keys = new Set([...this.earliest.keys(), ...this.writes.keysAfter(this.issued)]);
    const out: { key: string; doc: T }[] = [];
    for (const key of keys) {
      if (scope !== undefined && !key.startsWith(`${scope}/`)) continue;
      const doc = this.unseen(key)?.before;
      if (doc) out.push({ key, doc });
    }
    return out;
  }
}
