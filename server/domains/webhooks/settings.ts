// Delivery timing. The defaults retry for about a day and disable an endpoint that has failed for
// five days; WEBHOOK_* variables (config.ts) change them for a server, and tests set the service's `settings`
// (short schedules, a clock they move) instead of waiting for real time.
export interface WebhookSettings {
  /** Wait before each retry after a failed attempt; the delivery fails for good after the last. */
  retryScheduleMs: number[];
  /** An endpoint failing without a single success for this long is disabled. */
  disableAfterMs: number;
  /** One attempt's whole exchange, connection to last response byte. */
  timeoutMs: number;
  /** How often the deliverer looks for due retries (new events wake it at once). */
  pollMs: number;
  /** Attempts in flight at once, over all endpoints. */
  concurrency: number;
  /** How long a rotated-out secret keeps signing beside the new one. */
  previousSecretTtlMs: number;
  /** Delivered and failed deliveries older than this leave the log. */
  keepLogMs: number;
  /** Private and loopback receivers (ALLOW_PRIVATE_FETCH). */
  allowPrivate: boolean;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const DEFAULT_RETRY_SCHEDULE_MS = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR];

/**
 * The defaults, with what the server's configuration sets (config.ts reads and checks the WEBHOOK_*
 * variables, so a bad value stops the start with a line naming it).
 */
export function webhookSettings(allowPrivate: boolean, configured: Partial<Pick<WebhookSettings, 'disableAfterMs' | 'timeoutMs' | 'concurrency'>> = {}): WebhookSettings {
  return {
    retryScheduleMs: [...DEFAULT_RETRY_SCHEDULE_MS],
    disableAfterMs: configured.disableAfterMs ?? 5 * 24 * HOUR,
    timeoutMs: configured.timeoutMs ?? 15 * SECOND,
    pollMs: SECOND,
    concurrency: configured.concurrency ?? 32,
    previousSecretTtlMs: 24 * HOUR,
    keepLogMs: 30 * 24 * HOUR,
    allowPrivate,
  };
}
