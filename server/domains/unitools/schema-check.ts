// A Unitool's `parameters` is a JSON Schema the model reads and the server enforces (spec 2.9):
// checked against the JSON Schema meta-schema when saved, and every call's arguments are checked
// against it before any code runs, so the code only ever sees arguments of the declared shape.
//
// A `pattern` runs on arguments the model writes, and a visitor can steer the model: `^(a+)+$`
// against 27 characters held the event loop 5-6 s with JavaScript's backtracking RegExp, doubling
// with each character. So patterns are matched with RE2 (re2js, linear in the text, never
// backtracking), and a pattern RE2 cannot run (lookaround, backreferences) or that safe-regex2
// finds catastrophic is refused when the tool is saved, as triggers' patterns are
// (docs/behaviour.md "Unitools").
import { Ajv, type ValidateFunction } from 'ajv';
import type { RegExpEngine } from 'ajv/dist/types/index.js';
import { RE2JS } from 're2js';
import safeRegex from 'safe-regex2';

/** Ajv's pattern engine: RE2 on the ECMA pattern translated (`\u00e9` and the like). */
const re2: RegExpEngine = Object.assign(
  (pattern: string) => {
    const compiled = RE2JS.compile(RE2JS.translateRegExp(pattern));
    // Ajv caches compiled patterns under toString(): the pattern itself, so two never share one.
    return { test: (text: string) => compiled.test(text), toString: () => `re2:${pattern}` };
  },
  { code: 're2js' },
);

const ajv = new Ajv({ allErrors: true, strict: false, code: { regExp: re2 } });
/** Compiled validators by schema text: a schema compiles once, and the cache stays bounded. */
const compiled = new Map<string, ValidateFunction>();
const MAX_CACHED = 200;

export interface SchemaProblem {
  path: string;
  message: string;
}

function validatorFor(schema: Record<string, unknown>): ValidateFunction {
  const key = JSON.stringify(schema);
  let fn = compiled.get(key);
  if (!fn) {
    fn = ajv.compile(schema);
    // Ajv keeps every schema it compiled; drop it from Ajv's own cache, ours is the one that is bounded.
    ajv.removeSchema(schema);
    if (compiled.size >= MAX_CACHED) compiled.delete(compiled.keys().next().value!);
    compiled.set(key, fn);
  }
  return fn;
}

/** Every regular expression in a schema (`pattern`, `patternProperties`) with its path; data keywords are not schemas. */
function patternsIn(node: unknown, path: string, out: { path: string; pattern: string }[] = []): { path: string; pattern: string }[] {
  if (Array.isArray(node)) node.forEach((item, i) => patternsIn(item, `${path}/${i}`, out));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'const' || key === 'enum' || key === 'default' || key === 'examples') continue;
      if (key === 'pattern' && typeof value === 'string') out.push({ path: `${path}/pattern`, pattern: value });
      if (key === 'patternProperties' && value && typeof value === 'object') {
        for (const p of Object.keys(value)) out.push({ path: `${path}/patternProperties/${p}`, pattern: p });
      }
      patternsIn(value, `${path}/${key}`, out);
    }
  }
  return out;
}

function patternProblems(schema: Record<string, unknown>): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  for (const { path, pattern } of patternsIn(schema, 'parameters')) {
    try {
      re2(pattern, 'u');
    } catch (err) {
      problems.push({ path, message: `is not a regular expression the server can run in linear time (RE2: no lookaround, no backreferences): ${(err as Error).message}` });
      continue;
    }
    if (!safeRegex(pattern)) problems.push({ path, message: 'nested repetition like (a+)+ can take exponential time; write it without a repeated group inside a repetition' });
  }
  return problems;
}

/** Problems with `schema` as the parameters of a tool; empty when it is usable. */
export function parameterSchemaProblems(schema: Record<string, unknown>): SchemaProblem[] {
  if (schema.type !== 'object') return [{ path: 'parameters/type', message: 'must be "object": a tool takes one arguments object' }];
  if (!ajv.validateSchema(schema)) {
    return (ajv.errors ?? []).map((e) => ({ path: `parameters${e.instancePath}`, message: e.message ?? 'invalid' }));
  }
  const unsafe = patternProblems(schema);
  if (unsafe.length) return unsafe;
  try {
    validatorFor(schema);
  } catch (err) {
    // e.g. a $ref that points nowhere: valid by the meta-schema, unusable all the same.
    return [{ path: 'parameters', message: (err as Error).message }];
  }
  return [];
}

/** Problems with `args` under the tool's parameters; empty when they match. */
export function argumentProblems(schema: Record<string, unknown>, args: unknown): SchemaProblem[] {
  let validate: ValidateFunction;
  try {
    validate = validatorFor(schema);
  } catch (err) {
    // A tool saved before patterns were checked, with one RE2 cannot run: refused, never run on JavaScript's RegExp.
    return [{ path: 'parameters', message: `cannot be checked: ${(err as Error).message}` }];
  }
  if (validate(args)) return [];
  return (validate.errors ?? []).map((e) => ({ path: `arguments${e.instancePath}`, message: e.message ?? 'invalid' }));
}
