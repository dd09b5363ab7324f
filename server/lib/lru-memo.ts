// A pure function's recent answers, kept: several hot paths (a reply's language, a section's analysed
// terms, a procedure's trigger words) compute the same thing from the same text over and over. A
// bounded Map in recency order: a hit moves to the back, the front (least recently used) goes first.

/** `compute` behind a cache of at most `limit` keys; `key` maps the arguments to the cache key. */
export function lruMemo<A extends unknown[], V>(limit: number, key: (...args: A) => string, compute: (...args: A) => V): (...args: A) => V {
  const kept = new Map<string, V>();
  return (...args: A) => {
    const k = key(...args);
    if (kept.has(k)) {
      const value = kept.get(k)!;
      kept.delete(k);
      kept.set(k, value);
      return value;
    }
    const value = compute(...args);
    if (kept.size >= limit) kept.delete(kept.keys().next().value!);
    kept.set(k, value);
    return value;
  };
}
