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

  dot(row: number, q: Float32Array): number {
    let s = 0;
    for (let i = 0; i < this.dims; i++) s += this.data[i * this.capacity + row] * q[i];
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
    const active: number[] = [];
    for (let i = 0; i < this.dims; i++) if (q[i] !== 0) active.push(i);
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
    const topScore: number[] = [];
    const topRow: number[] = [];
    for (let r = 0; r < n; r++) {
      const v = s[r];
      if (v <= 0 || (topScore.length === k && v <= topScore[0])) continue;
      if (this.ids[r] === null || (accept && !accept(r))) continue;
      let pos = 0;
      while (pos < topScore.length && topScore[pos] < v) pos++;
      topScore.splice(pos, 0, v);
      topRow.splice(pos, 0, r);
      if (topScore.length > k) {
        topScore.shift();
        topRow.shift();
      }
    }
    const out: [number, number][] = [];
    for (let i = topScore.length - 1; i >= 0; i--) out.push([topRow[i], topScore[i]]);
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
