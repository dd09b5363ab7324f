// A Unitool's `parameters` is a JSON Schema the model reads and the server enforces (spec 2.9):
// checked against the JSON Schema meta-schema when saved, and every call's arguments are checked
// against it before any code runs, so the code only ever sees arguments of the declared shape.
import { Ajv, type ValidateFunction } from 'ajv';

const ajv = new Ajv({ allErrors: true, strict: false });
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

/** Problems with `schema` as the parameters of a tool; empty when it is usable. */
export function parameterSchemaProblems(schema: Record<string, unknown>): SchemaProblem[] {
  if (schema.type !== 'object') return [{ path: 'parameters/type', message: 'must be "object": a tool takes one arguments object' }];
  if (!ajv.validateSchema(schema)) {
    return (ajv.errors ?? []).map((e) => ({ path: `parameters${e.instancePath}`, message: e.message ?? 'invalid' }));
  }
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
  const validate = validatorFor(schema);
  if (validate(args)) return [];
  return (validate.errors ?? []).map((e) => ({ path: `arguments${e.instancePath}`, message: e.message ?? 'invalid' }));
}
