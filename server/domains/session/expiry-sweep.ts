// Ends team sessions at their expiry, not only at their next request (session/service.ts sweepExpired):
// a team feed or SSE stream opened with a session that expires while it is open closes within a
// minute of the expiry (docs/api.md "Long-lived channels"). Once a minute is plenty: sessions live
// for days (IDLE_TTL_MS), and the sweep reads only the sessions collection.
import type { AppContext } from '../../context.js';

const SWEEP_MS = 60_000;

export function startSessionExpirySweep(ctx: AppContext): void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void ctx.services.sessions.sweepExpired().catch(() => undefined).finally(() => (running = false));
  }, SWEEP_MS);
  timer.unref();
  ctx.onClose(() => clearInterval(timer));
}
