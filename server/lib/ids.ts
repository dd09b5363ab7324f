// Time-ordered UUIDv7 ids (docs/architecture.md section 2), so id order is creation order in every list.
import { v7 } from 'uuid';
import { randomBytes } from 'node:crypto';
import { clock } from './clock.js';

export const newId = (): string => v7();
export const now = (): string => new Date(clock.now()).toISOString();

/** URL-safe random token of `bytes` entropy. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');
