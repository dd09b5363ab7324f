// Per-minute limits count in windows aligned to the clock minute (server/http/rate-limit/memory.ts).
// A test that makes N attempts and expects the N+1st to be refused fails whenever a loaded CI
// machine lets the attempts straddle a minute boundary: the count starts again. This moves Date
// back to one second past the start of the current minute and lets it run on in real time from
// there, so the test has the whole minute. Back, never forward: a clock moved ahead would leave
// what keeps the last time it saw (the id generator's millisecond, server/lib/ids.ts) ahead of real
// time for the test files after this one in the worker. Only Date is faked: timers, sockets and
// the store keep real time.
import { onTestFinished, vi } from 'vitest';

export function startAtMinuteStart(): void {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(Math.floor(Date.now() / 60_000) * 60_000 + 1_000);
  onTestFinished(() => {
    vi.useRealTimers();
  });
}
