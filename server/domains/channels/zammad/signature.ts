// Zammad's webhook signing (docs/channels.md "Zammad"): `X-Hub-Signature: sha1=<hex>`, the HMAC-SHA1
// of the raw body keyed by the webhook's "HMAC SHA1 Signature Token", compared in constant time.
// Zammad sends no timestamp, so a replay is caught by the article id instead (inbound.ts keeps it).
import { createHmac, timingSafeEqual } from 'node:crypto';

export const zammadSignature = (secret: string, raw: string) => `sha1=${createHmac('sha1', secret).update(raw).digest('hex')}`;

export function verifyZammadSignature(headers: Record<string, string | string[] | undefined>, raw: string, secret: string): string | null {
  const v = headers['x-hub-signature'];
  const signature = Array.isArray(v) ? v[0] : v;
  if (!signature) return 'the X-Hub-Signature header is missing (set the webhook’s HMAC SHA1 Signature Token)';
  const expected = Buffer.from(zammadSignature(secret, raw));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'the signature does not match the HMAC SHA1 signature token';
  return null;
}
