// Exact nearest-neighbour search over unit vectors, stored column-major (one contiguous run per
// dimension). A query adds q[i] × column i into a score array: sequential memory access, and a
// sparse query (the local embedder's: a short question touches ~30 of 256 dimensions) skips its
// zero dimensions entirely. 10k rows × 30 dims ≈ 0.3M multiply-adds per query.
export class VectorMatrix {
  private capacity = 1024;
  private data: Float32Array;
  private scores: Float32Array;
  /** Row → id, null for a removed row (reused only after compact()). */
  ids: (string | null)[] = [];
  private dead = 0;

  constructor(readonly dims: number) {
    this.data = new Float32Array(dims * this.capacity);
    this.scores = new Float32Array(this.capacity);
  }

  get rows(): number {
    return this.ids.length;
  }

  add(id: string, v: Float32Array): number {
    if (v.length !== this.dims) throw new Error(`vector has ${v.length} dims, index has ${this.dims}`);
    if (this.ids.length === this.capacity) this.resize(this.capacity * 2);
    const row = this.ids.length;
    for (let i = 0; i < this.dims; i++) this.data[i * this.capacity + row] = v[i];
    this.ids.push(id);
    return row;
  }

  remove(row: number): void {
    if (this.ids[row] === null) return;
    this.ids[row] = null;
    for (let i = 0; i < this.dims; i++) this.data[i * this.capacity + row] = 0;
    this.dead++;
  }

  /** True when more than half the rows are dead: the owner should call compact(). */
  get wasteful(): boolean {
    return this.dead > 1024 && this.dead > this.ids.length / 2;
  }

  /**
   * `active`: the query's non-zero dimensions (activeDims). A row's values lie a whole column apart,
   * so each one read is a cache miss: skipping the dimensions that add nothing (x × 0) makes a sparse
   * query's dot several times cheaper, and the sum is the same, term for term, in the same order.
   */
  dot(row: number, q: Float32Array, active: ArrayLike<number> = allDims(this.dims)): number {
    let s = 0;
    for (let a = 0; a < active.length; a++) {
      const i = active[a];
      s += this.data[i * this.capacity + row] * q[i];
    }
    return s;
  }

  /** The best `k` live rows with a positive score, best first, as [row, score]. */
  nearest(q: Float32Array, k: number, accept?: (row: number) => boolean): [number, number][] {
    const n = this.ids.length;
    const s = this.scores;
    s.fill(0, 0, n);
    const cap = this.capacity;
    const d = this.data;
    // The query's non-zero dimensions, four per pass over the rows: one load and store of the
    // score array per four multiply-adds instead of per one (about twice as fast in V8).
    const active = activeDims(q);
    let a = 0;
    for (; a + 4 <= active.length; a += 4) {
      const [i0, i1, i2, i3] = [active[a], active[a + 1], active[a + 2], active[a + 3]];
      const [q0, q1, q2, q3] = [q[i0], q[i1], q[i2], q[i3]];
      const [b0, b1, b2, b3] = [i0 * cap, i1 * cap, i2 * cap, i3 * cap];
      for (let r = 0; r < n; r++) s[r] += q0 * d[b0 + r] + q1 * d[b1 + r] + q2 * d[b2 + r] + q3 * d[b3 + r];
    }
    for (; a < active.length; a++) {
      const qi = q[active[a]];
      const base = active[a] * cap;
      for (let r = 0; r < n; r++) s[r] += qi * d[base + r];
    }
    // The best k so far, ascending (an equal score goes below the ones kept before it), in
    // preallocated arrays: a full list drops its lowest, so a new entry shifts only the ones below it.
    const topScore = new Float64Array(k);
    const topRow = new Int32Array(k);
    let size = 0;
    for (let r = 0; r < n; r++) {
      const v = s[r];
      if (v <= 0 || (size === k && v <= topScore[0])) continue;
      if (this.ids[r] === null || (accept && !accept(r))) continue;
      let pos = 0;
      while (pos < size && topScore[pos] < v) pos++;
      if (size < k) {
        for (let j = size; j > pos; j--) {
          topScore[j] = topScore[j - 1];
          topRow[j] = topRow[j - 1];
        }
        size++;
      } else {
        // Full: the lowest (index 0) leaves and the new one lands just below position `pos`.
        pos--;
        for (let j = 0; j < pos; j++) {
          topScore[j] = topScore[j + 1];
          topRow[j] = topRow[j + 1];
        }
      }
      topScore[pos] = v;
      topRow[pos] = r;
    }
    const out: [number, number][] = [];
    for (let i = size - 1; i >= 0; i--) out.push([topRow[i], topScore[i]]);
    return out;
  }

  /** Drops dead rows; returns old row → new row for the live ones. */
  compact(): Map<number, number> {
    const moves = new Map<number, number>();
    const live: number[] = [];
    this.ids.forEach((id, row) => id !== null && live.push(row));
    const cap = Math.max(1024, live.length * 2);
    const next = new Float32Array(this.dims * cap);
    for (let i = 0; i < this.dims; i++) {
      const from = i * this.capacity;
      const to = i * cap;
      live.forEach((row, j) => (next[to + j] = this.data[from + row]));
    }
    live.forEach((row, j) => moves.set(row, j));
    this.ids = live.map((row) => this.ids[row]);
    this.data = next;
    this.capacity = cap;
    this.scores = new Float32Array(cap);
    this.dead = 0;
    return moves;
  }

  private resize(cap: number): void {
    const next = new Float32Array(this.dims * cap);
    for (let i = 0; i < this.dims; i++) next.set(this.data.subarray(i * this.capacity, i * this.capacity + this.ids.length), i * cap);
    this.data = next;
    this.capacity = cap;
    this.scores = new Float32Array(cap);
  }
}

/** The dimensions where `q` is not zero, in order: the only ones a product with `q` depends on. */
export function activeDims(q: Float32Array): Int32Array {
  let count = 0;
  for (let i = 0; i < q.length; i++) if (q[i] !== 0) count++;
  const out = new Int32Array(count);
  for (let i = 0, j = 0; i < q.length; i++) if (q[i] !== 0) out[j++] = i;
  return out;
}

const everyDim = new Map<number, Int32Array>();
function allDims(dims: number): Int32Array {
  let out = everyDim.get(dims);
  if (!out) {
    out = Int32Array.from({ length: dims }, (_, i) => i);
    everyDim.set(dims, out);
  }
  return out;
}
