// The rate-limiter contract (spec 8). The in-memory implementation serves one process; a shared store
// (Redis, PostgreSQL) can implement the same interface for several instances (docs/architecture.md section 7).

export interface RateLimits {
  /** Requests per minute: the figure reported in X-RateLimit-Limit. */
  perMinute: number;
  /** Requests per UTC day. */
  perDay: number;
  /** Burst allowance: up to `burstFactor` × perMinute inside one minute window … */
  burstFactor: number;
  /** … for at most this many seconds from the first request over the per-minute limit. */
  burstSeconds: number;
}

export interface RateDecision {
  allowed: boolean;
  /** X-RateLimit-Limit: the per-minute limit. */
  limit: number;
  /** X-RateLimit-Remaining: requests left in the current minute window (0 while bursting). */
  remaining: number;
  /** X-RateLimit-Reset: Unix timestamp (seconds) at which the current minute window ends. */
  reset: number;
  /** When refused: whole seconds until a request can succeed again (≥ 1). */
  retryAfter: number;
  /** Which limit refused the request. */
  exceeded?: 'minute' | 'day';
}

export interface RateLimiter {
  /**
   * Counts `cost` requests (default 1) against `bucket` and says whether the request may proceed.
   * cost 0 only asks (e.g. before a sign-in attempt, when only failures count).
   */
  hit(bucket: string, limits: RateLimits, nowMs?: number, cost?: number): Promise<RateDecision> | RateDecision;
  /** Forgets a bucket (tests, plan changes). */
  reset(bucket: string): void;
}
