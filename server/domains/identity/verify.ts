// Verified identity (spec 2.4, DESIGN.md section 3). The site owner's backend proves a visitor's
// email, phone or external id with the channel's identity secret, either as
//   - HMAC-SHA256 hex of the exact value string (`email_signature`, …), or
//   - a short-lived HS256 JWT whose claims carry the values (all of them count as signed).
// node:crypto only; comparisons are constant-time.
import { createHmac, timingSafeEqual } from 'node:crypto';

export type IdentityField = 'email' | 'phone' | 'external_id';
export const IDENTITY_FIELDS: readonly IdentityField[] = ['external_id', 'email', 'phone'];

/** Longest lifetime (exp − now) a JWT may claim: "short-lived" means an hour at most. */
export const JWT_MAX_LIFETIME_S = 3600;
const LEEWAY_S = 60;

export function signValue(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value, 'utf8').digest('hex');
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

export function verifyValue(secret: string, value: string, signature: string): boolean {
  return safeEqual(signValue(secret, value), signature.trim().toLowerCase());
}

export interface IdentityClaims {
  email?: string;
  phone?: string;
  external_id?: string;
  first_name?: string;
  last_name?: string;
}

export type JwtResult = { ok: true; claims: IdentityClaims } | { ok: false; reason: string };

const b64 = (input: string | Buffer) => Buffer.from(input).toString('base64url');

/** For tests and the README: what the site owner's backend does. */
export function signJwt(secret: string, claims: IdentityClaims & { exp?: number; iat?: number; sub?: string }): string {
  const iat = claims.iat ?? Math.floor(Date.now() / 1000);
  const body = { ...claims, iat, exp: claims.exp ?? iat + 300 };
  const head = `${b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${b64(JSON.stringify(body))}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

export function verifyJwt(secret: string, token: string, nowS = Math.floor(Date.now() / 1000)): JwtResult {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'malformed token' };
  const [h, p, s] = parts as [string, string, string];
  let header: { alg?: unknown };
  let payload: Record<string, unknown>;
  try {
    header = JSON.parse(Buffer.from(h, 'base64url').toString('utf8'));
    payload = JSON.parse(Buffer.from(p, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed token' };
  }
  // Only HS256: never trust the header to pick "none" or an asymmetric algorithm.
  if (header.alg !== 'HS256') return { ok: false, reason: 'the token must be signed with HS256' };
  if (!safeEqual(createHmac('sha256', secret).update(`${h}.${p}`).digest('base64url'), s)) return { ok: false, reason: 'bad signature' };
  if (typeof payload !== 'object' || payload === null) return { ok: false, reason: 'malformed token' };
  const exp = payload.exp;
  if (typeof exp !== 'number') return { ok: false, reason: 'the token needs an exp claim' };
  if (exp < nowS - LEEWAY_S) return { ok: false, reason: 'the token has expired' };
  if (exp - nowS > JWT_MAX_LIFETIME_S + LEEWAY_S) return { ok: false, reason: `the token may live at most ${JWT_MAX_LIFETIME_S} seconds` };
  if (typeof payload.iat === 'number' && payload.iat > nowS + LEEWAY_S) return { ok: false, reason: 'the token is issued in the future' };
  const claims: IdentityClaims = {};
  for (const key of ['email', 'phone', 'external_id', 'first_name', 'last_name'] as const) {
    const v = payload[key];
    if (typeof v === 'string' && v.trim() !== '') claims[key] = v;
  }
  // `sub` is the conventional subject: the site's own user id.
  if (!claims.external_id && typeof payload.sub === 'string' && payload.sub.trim() !== '') claims.external_id = payload.sub;
  return { ok: true, claims };
}
