// Standard Webhooks signatures: `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` keyed by the
// base64 part of a `whsec_` secret. During a rotation every secret still valid signs, and the
// signatures go space-separated in one header, so a receiver holding either secret accepts the
// delivery and can switch at its own pace.
import { createHmac, randomBytes } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';

/** 24 random bytes: the key size the Standard Webhooks specification recommends (between 24 and 64). */
export function newSecret(): string {
  return SECRET_PREFIX + randomBytes(24).toString('base64');
}

export function signature(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  return 'v1,' + createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
}

/** The three headers of one attempt; `secrets` are the valid ones, current first. */
export function signedHeaders(secrets: readonly string[], id: string, timestampSeconds: number, body: string): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': secrets.map((s) => signature(s, id, timestampSeconds, body)).join(' '),
  };
}
