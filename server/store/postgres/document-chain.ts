// Writes to one document from this process run one after another, in the order they were issued.
// Row locks (SELECT … FOR UPDATE) already keep instances from losing each other's updates, but not
// the order within one process: an update issued right after a put, before it resolved, must see the
// put (the contract's "applies an update after the pending changes"), and two pooled connections
// would otherwise race for the row.
export class DocumentChains {
  private readonly tails = new Map<string, Promise<void>>();

  run<R>(key: string, op: () => Promise<R>): Promise<R> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(op);
    const tail = result.then(
      () => {},
      () => {},
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Resolves once every write issued so far has settled. */
  async idle(): Promise<void> {
    while (this.tails.size > 0) await Promise.all([...this.tails.values()]);
  }
}
