// Within one process a read shows the acknowledged state as of its call, and a write is acknowledged
// only after the reads overlapping it returned (pending.ts), whatever PostgreSQL committed meanwhile.
import { describe, expect, it } from 'vitest';
import { PendingWrites } from './pending.js';

type Doc = { id: string; n: number };
type Row = { token: string; doc: Doc } | null;

/** A read of p/a whose rows arrive when the test says. */
function readOf(pending: PendingWrites<Doc>) {
  let arrive!: (row: Row) => void;
  const rows = new Promise<Row>((resolve) => (arrive = resolve));
  const result = pending.read({ scope: 'p', id: 'a' }, () => rows, (row, view) => (row ? view.seen('p', 'a', row.token, row.doc) : view.missing('p', 'a')));
  return { arrive, result };
}

describe('pending writes', () => {
  it('hide from a read the writes pending at its call and those issued after it', async () => {
    const pending = new PendingWrites<Doc>();
    const put = pending.begin('p', 'a');
    const read = readOf(pending);
    // The put runs (nothing was there) and commits; an update issued after the read's call runs
    // and commits too; then the read's rows arrive, made by the update.
    put.before = undefined;
    pending.end(put);
    const update = pending.begin('p', 'a');
    update.before = { id: 'a', n: 1 };
    read.arrive({ token: pending.token(update), doc: { id: 'a', n: 2 } });
    expect(await read.result).toBeUndefined();
    // A read called now starts from the acknowledged put.
    const next = readOf(pending);
    next.arrive({ token: pending.token(update), doc: { id: 'a', n: 2 } });
    expect(await next.result).toEqual({ id: 'a', n: 1 });
  });

  it('show rows of other processes, and a document a pending delete removed as it was', async () => {
    const mine = new PendingWrites<Doc>();
    const theirs = new PendingWrites<Doc>();
    const removal = mine.begin('p', 'a');
    removal.before = { id: 'a', n: 1 };
    const other = readOf(mine);
    other.arrive({ token: theirs.token(theirs.begin('p', 'a')), doc: { id: 'a', n: 5 } });
    expect(await other.result).toEqual({ id: 'a', n: 5 });
    const gone = readOf(mine);
    gone.arrive(null);
    expect(await gone.result).toEqual({ id: 'a', n: 1 });
    mine.end(removal);
    const after = readOf(mine);
    after.arrive(null);
    expect(await after.result).toBeUndefined();
  });

  it('acknowledge a write only after an overlapping read returned and its caller moved on', async () => {
    const pending = new PendingWrites<Doc>();
    const order: string[] = [];
    const read = readOf(pending);
    const write = pending.begin('p', 'a');
    const settled = pending.settle(write).then(() => order.push('write acknowledged'));
    const elsewhere = pending.begin('p', 'b');
    await pending.settle(elsewhere); // another document does not wait for this read
    read.arrive(null);
    await read.result;
    order.push('reader moved on');
    await settled;
    expect(order).toEqual(['reader moved on', 'write acknowledged']);
  });
});
