// Server-signed visitor tokens (spec 5.1, docs/architecture.md sections 3 and 4). The widget keeps them in the
// parley-device/user/session-<frame_id> cookies; because they are HMAC-signed by the server, a copied
// or guessed id cannot impersonate a device, a user or a session.
//
// Format: `pv1.<kind>.<payload base64url JSON>.<HMAC-SHA256 base64url>`; the payload names the frame
// (a token of one widget is refused by another), the subject ids and the expiry (unix seconds).
// The signing key is derived (HKDF) from the master key, which never sits in the data files, so
// rotating the master key invalidates every visitor token (visitors then get fresh anonymous ones).
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context.js';
import type { Channel } from '../../../shared/schemas/entities.js';
import { loadMasterKey } from '../../lib/secret-box.js';
import { deviceRevoked, getSession } from './visitors.js';

export type TokenKind = 'device' | 'user' | 'session';

export interface TokenClaims {
  kind: TokenKind;
  frame_id: string;
  /** Device id; present in every kind so user/session tokens stay bound to the device they were issued to. */
  device_id: string;
  user_id?: string;
  session_id?: string;
  /** Issued at / expires at, unix seconds. */
  iat: number;
  exp: number;
}

const DAY = 86_400;
/** Spec 5.1 lifetimes: device and user 6 months, session 7 days unless the channel overrides it. */
export const DEVICE_TTL_DAYS = 183;
export const USER_TTL_DAYS = 183;
export const DEFAULT_SESSION_TTL_DAYS = 7;

export interface TokenSigner {
  sign(claims: Omit<TokenClaims, 'iat' | 'exp'>, ttlDays: number, nowMs?: number): string;
  /** The claims of a valid, unexpired token of `kind` for `frameId`, or null (forged, expired, other frame). */
  verify(token: string | undefined | null, kind: TokenKind, frameId: string, nowMs?: number): TokenClaims | null;
}

export function createTokenSigner(masterKey: Buffer): TokenSigner {
  const key = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'parley widget visitor tokens v1', 32));
  const mac = (data: string) => createHmac('sha256', key).update(data).digest();

  return {
    sign(claims, ttlDays, nowMs = Date.now()) {
      const iat = Math.floor(nowMs / 1000);
      const full: TokenClaims = { ...claims, iat, exp: iat + Math.round(ttlDays * DAY) };
      const head = `pv1.${claims.kind}.${Buffer.from(JSON.stringify(full)).toString('base64url')}`;
      return `${head}.${mac(head).toString('base64url')}`;
    },
    verify(token, kind, frameId, nowMs = Date.now()) {
      if (typeof token !== 'string' || token.length > 1024) return null;
      const parts = token.split('.');
      if (parts.length !== 4 || parts[0] !== 'pv1' || parts[1] !== kind) return null;
      const head = `${parts[0]}.${parts[1]}.${parts[2]}`;
      const given = Buffer.from(parts[3], 'base64url');
      const expected = mac(head);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let claims: TokenClaims;
      try {
        claims = JSON.parse(Buffer.from(parts[2], 'base64url').toString('utf8')) as TokenClaims;
      } catch {
        return null;
      }
      if (claims.kind !== kind || claims.frame_id !== frameId || typeof claims.device_id !== 'string') return null;
      if (typeof claims.exp !== 'number' || claims.exp * 1000 <= nowMs) return null;
      if (kind === 'user' && typeof claims.user_id !== 'string') return null;
      if (kind === 'session' && (typeof claims.session_id !== 'string' || typeof claims.user_id !== 'string')) return null;
      return claims;
    },
  };
}

// One signer per app context, built lazily from the same master key the secret box uses.
const signers = new WeakMap<AppContext, Promise<TokenSigner>>();

export function tokenSigner(ctx: AppContext): Promise<TokenSigner> {
  let signer = signers.get(ctx);
  if (!signer) {
    signer = loadMasterKey(ctx.config.dataDir, ctx.config.masterKey).then(createTokenSigner);
    signers.set(ctx, signer);
  }
  return signer;
}

export interface VisitorIdentity {
  /** The channel's project. */
  project_id: string;
  device_id: string;
  user_id: string | null;
  session_id: string | null;
}

/**
 * Reusable check for HTTP endpoints that act for a widget visitor (voice uploads): the
 * device token must be valid for the channel's frame and its device not retired by a logout; a
 * session token, when required, must be valid, belong to that device and not be revoked. The caller
 * has already resolved the channel. Returns null when the tokens do not authenticate.
 */
export async function verifyVisitorTokens(
  ctx: AppContext,
  channel: Pick<Channel, 'frame_id' | 'project_id'>,
  tokens: { device_token?: string | null; session_token?: string | null },
  options: { requireSession?: boolean } = {},
): Promise<VisitorIdentity | null> {
  const signer = await tokenSigner(ctx);
  const device = signer.verify(tokens.device_token, 'device', channel.frame_id);
  if (!device) return null;
  // A device retired by a logout authorises nothing any more.
  if (await deviceRevoked(ctx, channel.project_id, device.device_id)) return null;
  const session = tokens.session_token ? signer.verify(tokens.session_token, 'session', channel.frame_id) : null;
  if (tokens.session_token && (!session || session.device_id !== device.device_id)) return null;
  if (options.requireSession && !session) return null;
  if (session) {
    const doc = await getSession(ctx, channel.project_id, session.session_id!);
    if (!doc || doc.revoked_at || doc.device_id !== device.device_id) return null;
  }
  return { project_id: channel.project_id, device_id: device.device_id, user_id: session?.user_id ?? null, session_id: session?.session_id ?? null };
}
