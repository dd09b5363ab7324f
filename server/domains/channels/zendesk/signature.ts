// Zendesk's webhook signing (docs/channels.md "Zendesk"): the base64 HMAC-SHA256 of
// `<X-Zendesk-Webhook-Signature-Timestamp><raw body>` keyed by the webhook's signing secret, sent as
// `X-Zendesk-Webhook-Signature`. A timestamp more than five minutes off is refused, so a captured
// request cannot be replayed later; the digests are compared in constant time.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const ZENDESK_SIGNATURE_WINDOW_S = 5 * 60;

export function zendeskSignature(secret: string, timestamp: string, raw: string): string {
  return createHmac('sha256', secret).update(timestamp + raw).digest('base64');
}

const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/** Null when the request is signed with `secret` within the window, else the reason it is refused. */
export function verifyZendeskSignature(headers: Record<string, string | string[] | undefined>, raw: string, secret: string, nowMs: number): string | null {
  const timestamp = header(headers, 'x-zendesk-webhook-signature-timestamp');
  const signature = header(headers, 'x-zendesk-webhook-signature');
  if (!timestamp || !signature) return 'the X-Zendesk-Webhook-Signature or X-Zendesk-Webhook-Signature-Timestamp header is missing';
  const at = Date.parse(timestamp);
  if (!Number.isFinite(at) || timestamp.length > 40) return 'X-Zendesk-Webhook-Signature-Timestamp is not a time';
  if (Math.abs(nowMs - at) > ZENDESK_SIGNATURE_WINDOW_S * 1000) return 'the request timestamp is more than five minutes off';
  const expected = Buffer.from(zendeskSignature(secret, timestamp, raw));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'the signature does not match the webhook signing secret';
  return null;
}
