// One queue per document file, with group commit (docs/architecture.md, "Store durability").
//
// Memory follows the disk: readers see only the committed state, i.e. what is on disk. Changes are
// operations queued per document; while a write is in flight, every further operation waits, and the
// next batch applies all of them in order to the newest state and writes the result once. So:
// - a burst of N changes costs at most two disk writes;
// - an operation that changes nothing (a no-change update, a duplicate found by its client_id)
//   still resolves only after the write it observed is durable, never before;
// - a failed write rejects every operation of its batch and leaves the committed state as it was;
// - an operation whose function throws rejects alone; the rest of its batch goes on.

/** What one operation makes of the newest state of its document. */
export type Outcome<T, R> = { change: false; result: R } | { change: true; next: T | undefined; result: R };

interface Pending<T> {
  apply: (state: T | undefined) => Outcome<T, unknown>;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}
/** A transaction's turn (hold()): the queue is its own from `ready` until it calls release. */
interface Held {
  held: () => Promise<void>;
}

export class DocumentQueue<T> {
  private pending: (Pending<T> | Held)[] = [];
  private draining: Promise<void> | null = null;

  constructor(
    /** The committed (durable) state of the document, undefined when absent. */
    private readonly committed: () => T | undefined,
    /** Makes `next` durable (undefined: remove the file) and then publishes it as committed. */
    private readonly persist: (next: T | undefined) => Promise<void>,
    /** Called when the queue has drained, so its owner can drop it. */
    private readonly onIdle: () => void = () => {},
  ) {}

  run<R>(apply: (state: T | undefined) => Outcome<T, R>): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.pending.push({ apply, resolve: resolve as (v: unknown) => void, reject });
      this.draining ??= this.drain();
    });
  }

  /**
   * A transaction's turn (lowdb-store.ts): `ready` resolves once every operation queued before it
   * has settled; from then on nothing else of this document commits until `release`, while later
   * operations queue up behind. Queued synchronously, so a transaction that holds several
   * documents takes its place in all their queues at one moment and two never wait for each other.
   */
  hold(): { ready: Promise<void>; release: () => void } {
    let ready!: () => void;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const turn = new Promise<void>((resolve) => (ready = resolve));
    this.pending.push({
      held: () => {
        ready();
        return released;
      },
    });
    this.draining ??= this.drain();
    return { ready: turn, release };
  }

  /** Resolves once nothing is queued or in flight. */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending.length > 0) {
        const head = this.pending[0]!;
        if ('held' in head) {
          this.pending.shift();
          await head.held();
          continue;
        }
        const end = this.pending.findIndex((p) => 'held' in p);
        await this.commitBatch(this.pending.splice(0, end < 0 ? this.pending.length : end) as Pending<T>[]);
      }
    } finally {
      this.draining = null;
      this.onIdle();
    }
  }

  private async commitBatch(batch: Pending<T>[]): Promise<void> {
    let state = this.committed();
    let changed = false;
    const settled: { op: Pending<T>; ok: boolean; value: unknown }[] = [];
    for (const op of batch) {
      try {
        const outcome = op.apply(state);
        if (outcome.change) {
          state = outcome.next;
          changed = true;
        }
        settled.push({ op, ok: true, value: outcome.result });
      } catch (err) {
        settled.push({ op, ok: false, value: err });
      }
    }
    if (changed) {
      try {
        await this.persist(state);
      } catch (err) {
        for (const s of settled) s.op.reject(s.ok ? err : s.value);
        return;
      }
    }
    for (const s of settled) (s.ok ? s.op.resolve : s.op.reject)(s.value);
  }
}
