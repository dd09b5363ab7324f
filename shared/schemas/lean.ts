// Response schemas for fast serialisation. fast-json-stringify serialises an `anyOf` by running a
// JSON-schema validator (with format checks such as date-time) against every branch of every value,
// which made a page of 20 conversations cost more than the whole rest of the request (bench:api).
// A union of plain primitive branches (the typical `string | null` of a nullable timestamp) says the
// same as a type array, which it serialises with a cheap typeof check. `lean` rewrites those unions
// recursively; documents keep their formats, and the OpenAPI 3.1 output stays valid.
const PRIMITIVE = new Set(['string', 'integer', 'number', 'boolean', 'null']);
const SIMPLE_KEYS = new Set(['type', 'format', 'const', 'enum', 'description', 'minimum', 'maximum', 'minLength', 'maxLength', 'pattern', 'default']);

type Json = Record<string, unknown>;

function isPrimitiveBranch(s: unknown): s is Json {
  if (!s || typeof s !== 'object') return false;
  const t = (s as Json).type;
  return typeof t === 'string' && PRIMITIVE.has(t) && Object.keys(s).every((k) => SIMPLE_KEYS.has(k) || typeof k === 'symbol');
}

function mergeBranches(branches: Json[], rest: Json): Json {
  const types = [...new Set(branches.map((b) => b.type as string))];
  const valued = branches.filter((b) => b.type !== 'null');
  const out: Json = { ...rest, type: types.length === 1 ? types[0] : types };
  if (valued.length === 1) {
    const { type: _t, ...keywords } = valued[0];
    Object.assign(out, keywords);
    if ('const' in keywords) {
      delete out.const;
      out.enum = [keywords.const];
    }
    if (Array.isArray(out.enum) && types.includes('null')) out.enum = [...out.enum, null];
  } else if (valued.every((b) => 'const' in b) && types.length === 1 + (types.includes('null') ? 1 : 0)) {
    out.enum = [...valued.map((b) => b.const), ...(types.includes('null') ? [null] : [])];
  } else if (out.description === undefined) {
    // Keep what the branches said, for the reader of the OpenAPI document.
    const say = (b: Json) =>
      'const' in b ? JSON.stringify(b.const) : `${b.type}${b.minimum !== undefined || b.maximum !== undefined ? ` ${b.minimum ?? ''}-${b.maximum ?? ''}` : ''}${b.format ? ` (${b.format})` : ''}`;
    out.description = `One of: ${branches.map(say).join(', ')}`;
  }
  return out;
}

export function lean<T>(schema: T): T {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== 'object') return node;
    const obj = node as Json;
    if (Array.isArray(obj.anyOf)) {
      const branches = (obj.anyOf as unknown[]).flatMap((b) => {
        const w = walk(b) as Json;
        // Flatten a nested union that became a type array (e.g. rating | null).
        if (w && Array.isArray(w.type) && Object.keys(w).every((k) => k === 'type' || k === 'description')) {
          return (w.type as string[]).map((type) => ({ type }));
        }
        return [w];
      });
      const { anyOf: _a, ...rest } = obj;
      if (branches.every(isPrimitiveBranch)) return mergeBranches(branches as Json[], rest);
      return { ...rest, anyOf: branches };
    }
    const out: Json = {};
    for (const [k, v] of Object.entries(obj)) out[k] = walk(v);
    return out;
  };
  return walk(schema) as T;
}
