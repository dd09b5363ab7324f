// The clock behind expiry decisions (team sessions, Idempotency-Key records) and `now()` timestamps.
// Production never changes it; tests move it forward instead of sleeping through days of real time.
export const clock = {
  now: (): number => Date.now(),
};
