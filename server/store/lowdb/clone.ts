// The deep copy behind update() (collection.ts): update functions work on a copy so that a throwing
// one cannot leave a half-changed document behind (docs/architecture.md section 7). Stored documents
// are JSON data, and for small plain objects and arrays a copy by hand costs a fraction of
// structuredClone, which serialises and deserialises every value: it ran once per stored message.
// Anything else (a Date, a Map, a class instance, a function) goes through structuredClone, so it is
// copied, or refused, exactly as before.

/** A deep copy of `value`: plain objects and arrays by hand, everything else by structuredClone. */
export function cloneDocument<T>(value: T): T {
  if (value === null || typeof value !== 'object') return typeof value === 'function' || typeof value === 'symbol' ? structuredClone(value) : value;
  if (Array.isArray(value)) {
    const out = new Array(value.length);
    for (let i = 0; i < value.length; i++) out[i] = cloneDocument(value[i]);
    return out as T;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return structuredClone(value);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const copy = cloneDocument((value as Record<string, unknown>)[key]);
    // A key named __proto__ (JSON.parse makes it an own property) stays a plain property.
    if (key === '__proto__') Object.defineProperty(out, key, { value: copy, enumerable: true, writable: true, configurable: true });
    else out[key] = copy;
  }
  return out as T;
}
