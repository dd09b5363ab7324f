// Slack's request signing (docs/channels.md "Slack"): HMAC-SHA256 of `v0:<timestamp>:<raw body>`
// keyed by the app's signing secret, sent as `X-Slack-Signature: v0=<hex>` with the timestamp in
// `X-Slack-Request-Timestamp`. A timestamp more than five minutes off is refused, so a captured
// request cannot be replayed later; the digests are compared in constant time.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SLACK_SIGNATURE_WINDOW_S = 5 * 60;

export function slackSignature(secret: string, timestamp: string, raw: string): string {
  return `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${raw}`).digest('hex')}`;
}

const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/** Null when the request is signed with `secret` within the window, else the reason it is refused. */
export function verifySlackSignature(headers: Record<string, string | string[] | undefined>, raw: string, secret: string, nowMs: number): string | null {
  const timestamp = header(headers, 'x-slack-request-timestamp');
  const signature = header(headers, 'x-slack-signature');
  if (!timestamp || !signature) return 'the X-Slack-Signature or X-Slack-Request-Timestamp header is missing';
  if (!/^\d{1,12}$/.test(timestamp)) return 'X-Slack-Request-Timestamp is not a Unix time';
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > SLACK_SIGNATURE_WINDOW_S) return 'the request timestamp is more than five minutes off';
  const expected = Buffer.from(slackSignature(secret, timestamp, raw));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'the signature does not match the signing secret';
  return null;
}
