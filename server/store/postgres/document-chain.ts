// Writes to one document from this process run one after another, in the order they were issued.
// Row locks (SELECT … FOR UPDATE) already keep instances from losing each other's updates, but not
// the order within one process: an update issued right after a put, before it resolved, must see the
// put (the contract's "applies an update after the pending changes"), and two pooled connections
// would otherwise race for the row.
export class DocumentChains {
  private readonly tails = new Map<string, Promise<void>>();

  run<R>(key: string, op: () => Promise<R>): Promise<R> {
    return this.runAll([key], op);
  }

  /**
   * `op` after the writes issued before it to every one of `keys` (a transaction's documents). It
   * joins all their chains at one moment, so the order is the order of issue everywhere and two
   * such writes never wait for each other.
   */
  runAll<R>(keys: string[], op: () => Promise<R>): Promise<R> {
    const previous = keys.map((key) => this.tails.get(key)).filter((p) => p !== undefined);
    const result = (previous.length === 0 ? Promise.resolve() : previous.length === 1 ? previous[0]! : Promise.all(previous)).then(op);
    const tail = result.then(
      () => {},
      () => {},
    );
    for (const key of keys) {
      this.tails.set(key, tail);
      void tail.then(() => {
        if (this.tails.get(key) === tail) this.tails.delete(key);
      });
    }
    return result;
  }

  /** Resolves once every write issued so far has settled. */
  async idle(): Promise<void> {
    while (this.tails.size > 0) await Promise.all([...this.tails.values()]);
  }
}
