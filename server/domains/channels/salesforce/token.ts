// The OAuth 2.0 client-credentials flow of a Salesforce connected app (docs/channels.md
// "Salesforce"): `POST {My Domain}/services/oauth2/token` with grant_type=client_credentials, the
// consumer key and secret, answered with an access token and the instance URL the REST API lives
// at. The token is kept in memory per connection until Salesforce refuses it (a 401 forgets it);
// it is never stored, so a restart simply asks again.
import { createHash } from 'node:crypto';
import type { OpenConnection } from '../types.js';
import { callJson } from '../rest.js';

const tokens = new Map<string, { accessToken: string; instanceUrl: string }>();

const keyOf = (c: OpenConnection) => createHash('sha256').update(`${c.settings.api_url}\u0000${c.settings.client_id}\u0000${c.credentials.client_secret}`).digest('hex');
const baseOf = (c: OpenConnection) => (c.settings.api_url ?? '').replace(/\/+$/, '');

export function forgetToken(c: OpenConnection): void {
  tokens.delete(keyOf(c));
}

export async function accessToken(c: OpenConnection): Promise<{ ok: true; accessToken: string; instanceUrl: string } | { ok: false; error: string; retry: boolean }> {
  const cached = tokens.get(keyOf(c));
  if (cached) return { ok: true, ...cached };
  const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: c.settings.client_id ?? '', client_secret: c.credentials.client_secret ?? '' });
  const res = await callJson('Salesforce', `${baseOf(c)}/services/oauth2/token`, { method: 'POST', headers: {}, form });
  if (!res.ok) return { ok: false, error: res.error, retry: res.retry };
  const accessToken = typeof res.body.access_token === 'string' ? res.body.access_token : '';
  const instanceUrl = typeof res.body.instance_url === 'string' ? res.body.instance_url.replace(/\/+$/, '') : baseOf(c);
  if (!accessToken) return { ok: false, error: 'Salesforce answered no access token', retry: false };
  tokens.set(keyOf(c), { accessToken, instanceUrl });
  return { ok: true, accessToken, instanceUrl };
}
