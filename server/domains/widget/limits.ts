// Visitor rate limits for the widget gateway: token buckets per device, per IP and per
// connection. A bucket holds up to one minute's allowance and refills continuously, so a visitor can
// burst briefly but not sustain more than the per-minute rate. Refusals become an `error` frame with
// `rate_limit_exceeded` and `retry_after` seconds (the same shape as the REST 429 body, spec 7).
// In-process like the conversation bus; a multi-instance deployment would move this to shared state.

export interface WidgetLimits {
  /** Messages a device may send per minute. */
  messages_per_minute_per_device: number;
  /** Messages per minute from one IP (several visitors may share one address behind a NAT). */
  messages_per_minute_per_ip: number;
  /** Any frame (typing, page updates, pings…) per connection. */
  frames_per_minute_per_connection: number;
  /** WebSocket connections opened per minute from one IP. */
  connections_per_minute_per_ip: number;
}

export const DEFAULT_WIDGET_LIMITS: WidgetLimits = {
  messages_per_minute_per_device: 12,
  messages_per_minute_per_ip: 60,
  frames_per_minute_per_connection: 240,
  connections_per_minute_per_ip: 60,
};

interface Bucket {
  tokens: number;
  at: number;
}

export class RateLimiter {
  private buckets = new Map<string, Bucket>();
  private takes = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Takes one token from `key`'s bucket; returns 0 when allowed, else the whole seconds to wait. */
  take(key: string, perMinute: number): number {
    const t = this.now();
    const rate = perMinute / 60_000;
    // Now and then forget buckets that have refilled, so idle visitors do not accumulate.
    if (++this.takes % 10_000 === 0 && this.buckets.size > 10_000) this.sweep(t);
    const bucket = this.buckets.get(key) ?? { tokens: perMinute, at: t };
    bucket.tokens = Math.min(perMinute, bucket.tokens + (t - bucket.at) * rate);
    bucket.at = t;
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / rate / 1000));
  }

  /** Drops a bucket whose owner is gone (a closed connection). */
  forget(key: string): void {
    this.buckets.delete(key);
  }

  /** Forgets buckets untouched for over a minute: every bucket refills within a minute, so they behave like new ones. */
  private sweep(t: number) {
    for (const [key, b] of this.buckets) if (t - b.at > 60_000) this.buckets.delete(key);
  }

  get size(): number {
    return this.buckets.size;
  }
}

export function retryMessage(seconds: number): string {
  return `Too many requests: retry in ${seconds} second${seconds === 1 ? '' : 's'}`;
}
