// Per-minute limits count in windows aligned to the clock minute (server/http/rate-limit/memory.ts).
// A test that makes N attempts and expects the N+1st to be refused fails whenever a loaded CI
// machine lets the attempts straddle a minute boundary: the count starts again. This moves Date to
// one second past the next minute start and lets it run on in real time from there, so the test has
// the whole minute. Only Date is faked: timers, sockets and the store keep real time.
import { onTestFinished, vi } from 'vitest';

export function startAtMinuteStart(): void {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(Math.ceil(Date.now() / 60_000) * 60_000 + 1_000);
  onTestFinished(() => {
    vi.useRealTimers();
  });
}
