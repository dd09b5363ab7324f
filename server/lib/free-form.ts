// Limits for free-form JSON (e.g. a user's external_attributes, spec 2.4), documented in docs/api.md.
// Without them a deeply nested value passes schema validation (its type is "any object") and then
// overflows the stack when it is cloned or serialised, turning one request into a 500 for every later
// request on that document. Checked iteratively, so the check itself cannot overflow.
import { invalid } from '../errors.js';

export const FREE_FORM_LIMITS = {
  /** Nesting depth: an object's own keys are depth 1. */
  maxDepth: 10,
  /** Size of the value as compact JSON, in bytes. */
  maxBytes: 16 * 1024,
} as const;

/** Throws a 400 invalid_request naming `path` when `value` is deeper or larger than the limits. */
export function checkFreeForm(path: string, value: unknown, limits = FREE_FORM_LIMITS): void {
  const stack: { v: unknown; depth: number }[] = [{ v: value, depth: 0 }];
  while (stack.length > 0) {
    const { v, depth } = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth >= limits.maxDepth) {
      throw invalid(`${path} is nested deeper than ${limits.maxDepth} levels`, [{ path, message: `must not nest deeper than ${limits.maxDepth} levels` }]);
    }
    for (const child of Object.values(v)) stack.push({ v: child, depth: depth + 1 });
  }
  const bytes = Buffer.byteLength(JSON.stringify(value ?? null));
  if (bytes > limits.maxBytes) {
    throw invalid(`${path} is ${bytes} bytes as JSON; at most ${limits.maxBytes} are allowed`, [{ path, message: `must be at most ${limits.maxBytes} bytes as JSON` }]);
  }
}
