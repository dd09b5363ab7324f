// Which field of a form a 400 names (docs/api.md errors): `path` (`name`), `details[].path` from the
// schema check (`body.timeout_ms`, `secrets/LD_PRELOAD`, `parameters/type`) or the message's start
// (`name: … already exists`). Forms show the message at that field instead of only at the top.
import { ApiError } from './api.js';

export function fieldOf<F extends string>(err: unknown, fields: readonly F[]): F | null {
  if (!(err instanceof ApiError)) return null;
  const details = Array.isArray(err.extras.details) ? err.extras.details : [];
  for (const p of [err.extras.path, ...details.map((d) => (d as { path?: unknown }).path), err.message]) {
    if (typeof p !== 'string') continue;
    const head = p.replace(/^body[./]/, '').split(/[./:\s[]/)[0];
    if ((fields as readonly string[]).includes(head)) return head as F;
  }
  return null;
}
