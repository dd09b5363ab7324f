// Mattermost's proof that a request is its own (docs/channels.md "Mattermost"): an outgoing webhook
// and a slash command each carry the secret token Mattermost showed when it was created, in the
// body's `token` field (a slash command also as `Authorization: Token …`). There is no signature over
// the body, so the token is all there is: compared in constant time (both sides hashed first, so
// neither the length nor a prefix leaks) against each token the connection holds.
import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/** True when `given` equals one of the non-empty `tokens`; every token is compared, whichever matches. */
export function tokenMatches(given: string, tokens: Array<string | undefined>): boolean {
  const g = digest(given);
  let ok = false;
  for (const t of tokens) if (t && given && timingSafeEqual(g, digest(t))) ok = true;
  return ok;
}

/** The body's fields, sent as a form (the default) or as JSON (an outgoing webhook may choose it). */
export function fieldsOf(raw: string, contentType: string | undefined): Record<string, unknown> | null {
  if ((contentType ?? '').includes('application/json') || raw.trimStart().startsWith('{')) {
    try {
      const body = JSON.parse(raw);
      return body && typeof body === 'object' && !Array.isArray(body) ? body : null;
    } catch {
      return null;
    }
  }
  return Object.fromEntries(new URLSearchParams(raw));
}
