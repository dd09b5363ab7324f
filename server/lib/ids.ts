// Time-ordered UUIDv7 ids (docs/architecture.md section 2), so id order is creation order in every list.
import { randomBytes, randomFillSync } from 'node:crypto';
import { clock } from './clock.js';

// uuid's own v7 keeps ids monotonic but draws 16 fresh bytes from crypto.getRandomValues for every
// id, a call into the system's generator that showed as 2–3% of the chat path's CPU (several ids per
// message). Here the random bytes come from a pool refilled 256 ids at a time, and the monotonic
// state (the same rule as uuid's: a new millisecond starts a random counter, otherwise the counter
// steps, and its wrap moves the millisecond on) is kept here. The id is written straight from the
// pool as uuid's v7 lays it out (formatV7, checked against uuid in ids.test.ts): going through uuid
// with a 16-byte view of the pool cost a Buffer view, a byte array and a lower-casing per id.
const POOL_IDS = 256;
const pool = Buffer.alloc(16 * POOL_IDS);
let next = POOL_IDS;
const state = { msecs: -Infinity, seq: 0 };

const HEX = Array.from({ length: 256 }, (_, i) => (i + 0x100).toString(16).slice(1));

/**
 * The UUIDv7 string uuid's `v7({ random, msecs, seq })` gives, for the 16 random bytes at `offset`
 * of `random`: 48 bits of milliseconds, version 7, the 31-bit counter over the next 30 bits and
 * the variant, then random bits.
 */
export function formatV7(random: Uint8Array, offset: number, msecs: number, seq: number): string {
  return (
    HEX[(msecs / 0x10000000000) & 0xff]! +
    HEX[(msecs / 0x100000000) & 0xff]! +
    HEX[(msecs / 0x1000000) & 0xff]! +
    HEX[(msecs / 0x10000) & 0xff]! +
    '-' +
    HEX[(msecs / 0x100) & 0xff]! +
    HEX[msecs & 0xff]! +
    '-' +
    HEX[0x70 | ((seq >>> 28) & 0x0f)]! +
    HEX[(seq >>> 20) & 0xff]! +
    '-' +
    HEX[0x80 | ((seq >>> 14) & 0x3f)]! +
    HEX[(seq >>> 6) & 0xff]! +
    '-' +
    HEX[((seq << 2) & 0xff) | (random[offset + 10]! & 0x03)]! +
    HEX[random[offset + 11]!]! +
    HEX[random[offset + 12]!]! +
    HEX[random[offset + 13]!]! +
    HEX[random[offset + 14]!]! +
    HEX[random[offset + 15]!]!
  );
}

export function newId(): string {
  if (next === POOL_IDS) {
    randomFillSync(pool);
    next = 0;
  }
  const at = 16 * next++;
  const now = Date.now();
  if (now > state.msecs) {
    // 31 random bits, as uuid's v7Sequence: room to count up within the millisecond.
    state.seq = ((pool[at + 6]! & 0x7f) << 24) | (pool[at + 7]! << 16) | (pool[at + 8]! << 8) | pool[at + 9]!;
    state.msecs = now;
  } else {
    state.seq = (state.seq + 1) | 0;
    if (state.seq === 0) state.msecs++;
  }
  return formatV7(pool, at, state.msecs, state.seq);
}

export const now = (): string => new Date(clock.now()).toISOString();

/** URL-safe random token of `bytes` entropy. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');
