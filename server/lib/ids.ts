// Time-ordered UUIDv7 ids (docs/architecture.md section 2), so id order is creation order in every list.
import { v7 } from 'uuid';
import { randomBytes, randomFillSync } from 'node:crypto';
import { clock } from './clock.js';

// uuid's own v7 keeps ids monotonic but draws 16 fresh bytes from crypto.getRandomValues for every
// id, a call into the system's generator that showed as 2–3% of the chat path's CPU (several ids per
// message). Here the random bytes come from a pool refilled 256 ids at a time, and the monotonic
// state (the same rule as uuid's: a new millisecond starts a random counter, otherwise the counter
// steps, and its wrap moves the millisecond on) is kept here, because passing bytes to uuid skips its own.
const POOL_IDS = 256;
const pool = Buffer.alloc(16 * POOL_IDS);
let next = POOL_IDS;
const state = { msecs: -Infinity, seq: 0 };

function pooledRandom(): Uint8Array {
  if (next === POOL_IDS) {
    randomFillSync(pool);
    next = 0;
  }
  return pool.subarray(16 * next, 16 * ++next);
}

export function newId(): string {
  const random = pooledRandom();
  const now = Date.now();
  if (now > state.msecs) {
    // 31 random bits, as uuid's v7Sequence: room to count up within the millisecond.
    state.seq = ((random[6]! & 0x7f) << 24) | (random[7]! << 16) | (random[8]! << 8) | random[9]!;
    state.msecs = now;
  } else {
    state.seq = (state.seq + 1) | 0;
    if (state.seq === 0) state.msecs++;
  }
  return v7({ random, msecs: state.msecs, seq: state.seq });
}

export const now = (): string => new Date(clock.now()).toISOString();

/** URL-safe random token of `bytes` entropy. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');
