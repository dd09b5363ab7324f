// Verified identity (spec 2.4; docs/identity.md). The site owner's backend proves a visitor's
// email, phone or external id with the channel's identity secret, either as
//   - a signature per value: HMAC-SHA256 hex of `v2:<field>:<value>` (`email_signature`, …), or
//   - a short-lived HS256 JWT whose claims carry the values (all of them count as signed).
// Values are checked in their canonical form (users/identity-values.ts): the server canonicalises
// first and then checks, so a signature over `Victim@Example.com` or `+1 (555) 123-4567` never
// vouches for `victim@example.com` or `+15551234567`. Naming the field in the signed string keeps an
// external-id signature from passing as a phone or email signature.
// The v1 form (HMAC of the bare value) is refused, not deprecated: it can be replayed across fields,
// so no grace period would be safe. It is still recognised, to say why it fails.
// node:crypto only; comparisons are constant-time.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { CANONICAL_RULES, IDENTITY_FIELDS, canonicalIdentity, isCanonicalIdentity, type IdentityField } from '../users/identity-values.js';

export { IDENTITY_FIELDS, type IdentityField };

/** The version tag at the start of every signed string. */
export const SIGNATURE_VERSION = 'v2';

/** Longest lifetime (exp − now) a JWT may claim: "short-lived" means an hour at most. */
export const JWT_MAX_LIFETIME_S = 3600;
const LEEWAY_S = 60;

const hmacHex = (secret: string, text: string) => createHmac('sha256', secret).update(text, 'utf8').digest('hex');

/** The string a signature covers. */
export const signedString = (field: IdentityField, value: string) => `${SIGNATURE_VERSION}:${field}:${value}`;

/** What the site owner's backend does (tests use it): signs `value` exactly as given. */
export function signValue(secret: string, field: IdentityField, value: string): string {
  return hmacHex(secret, signedString(field, value));
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

export type ValueCheck = { ok: true; value: string } | { ok: false; reason: string };

/** Checks `signature` against the canonical form of `value`; on success returns that form. */
export function verifyValue(secret: string, field: IdentityField, value: string, signature: string): ValueCheck {
  const canonical = canonicalIdentity(field, value);
  const sig = signature.trim().toLowerCase();
  if (canonical !== '' && safeEqual(hmacHex(secret, signedString(field, canonical)), sig)) return { ok: true, value: canonical };
  // Not accepted. Work out why, so a site owner can fix the integration (none of these is a match).
  if (canonical !== value && safeEqual(hmacHex(secret, signedString(field, value)), sig)) {
    return { ok: false, reason: `the ${field} must be signed in canonical form (${CANONICAL_RULES[field]}): sign ${JSON.stringify(canonical)}` };
  }
  if (safeEqual(hmacHex(secret, value), sig) || safeEqual(hmacHex(secret, canonical), sig)) {
    return { ok: false, reason: `this is a v1 signature (HMAC of the bare value), which is no longer accepted: sign "${SIGNATURE_VERSION}:${field}:<value>"` };
  }
  for (const other of IDENTITY_FIELDS) {
    if (other !== field && safeEqual(hmacHex(secret, signedString(other, canonicalIdentity(other, value))), sig)) {
      return { ok: false, reason: `this signature is for the ${other}, not for the ${field}` };
    }
  }
  return { ok: false, reason: `the ${field} signature does not match` };
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
  // A claim vouches for its exact value only: a non-canonical one would merge into the canonical user.
  for (const f of IDENTITY_FIELDS) {
    const v = claims[f];
    if (v !== undefined && !isCanonicalIdentity(f, v)) {
      return { ok: false, reason: `the ${f} claim must be in canonical form (${CANONICAL_RULES[f]}): ${JSON.stringify(canonicalIdentity(f, v))}` };
    }
  }
  return { ok: true, claims };
}
