// Where in a list a 400 points (docs/behaviour.md): audience errors carry `path`
// (`conditions[1].conditions[0]`), trigger errors `path` (`conditions/0/pattern`), schema errors
// `details[0].path` (`body.conditions.1.value`). A form shows the message at that item instead of
// only at the top.
import { ApiError } from './api.js';

export interface ErrorSpot {
  /** The list the path starts in: `conditions`, `audience_conditions` (a trigger's) or `effects`. */
  list: string;
  /** Index path through nested `conditions`: [1, 0]. */
  at: number[];
  message: string;
}

// `audience_conditions` first, so a trigger's inline audience is not read as its message `conditions`.
const STEP = /(audience_conditions|conditions|effects)(?:\[(\d+)\]|[./](\d+))/g;

export function errorSpot(err: unknown): ErrorSpot | null {
  if (!(err instanceof ApiError)) return null;
  const details = err.extras.details;
  const first = Array.isArray(details) ? (details[0] as { path?: unknown } | undefined) : undefined;
  const path = typeof err.extras.path === 'string' ? err.extras.path : typeof first?.path === 'string' ? first.path : '';
  const steps = [...path.matchAll(STEP)];
  if (!steps.length) return null;
  // The row already says where: drop the leading path the message repeats.
  // A sentence gets its capital back; one that starts with a field name (`time.hour …`) keeps it as is.
  const message = err.message.replace(/^\S*(conditions|effects)\S*: /, '').replace(/^[a-z](?=[a-z]* )/, (c) => c.toUpperCase());
  return { list: steps[0][1], at: steps.map((m) => Number(m[2] ?? m[3])), message };
}
