// Reconnect delays: exponential with "equal jitter" (half fixed, half random), so a server restart
// does not get every widget back in the same millisecond, and capped so a long outage still retries.
export interface BackoffOptions {
  baseMs?: number;
  maxMs?: number;
  random?: () => number;
}

export function createBackoff({ baseMs = 500, maxMs = 30_000, random = Math.random }: BackoffOptions = {}) {
  let attempt = 0;
  return {
    next(): number {
      const cap = Math.min(maxMs, baseMs * 2 ** attempt);
      attempt += 1;
      return Math.round(cap / 2 + random() * (cap / 2));
    },
    reset() {
      attempt = 0;
    },
    get attempts() {
      return attempt;
    },
  };
}
