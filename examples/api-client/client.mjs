// A small Parley API client on plain fetch (Node 20+), following the spec's client rules for 429
// (spec section 7): wait `retry_after` seconds from the body, else the Retry-After header, else back
// off 1, 2, 4 seconds; give up after a bounded number of retries. POSTs carry an Idempotency-Key that
// stays the same across retries, so a retried create never creates twice.
import { randomUUID } from 'node:crypto';

export class ParleyError extends Error {
  constructor(status, body) {
    super(`${status} ${body?.error ?? 'error'}: ${body?.message ?? ''}`);
    this.name = 'ParleyError';
    this.status = status;
    this.body = body;
  }
}

const BACKOFF_SECONDS = [1, 2, 4];

/** Seconds to wait before retrying a 429 response, per spec 7. */
export function retryDelaySeconds(body, retryAfterHeader, retryIndex) {
  if (body && Number.isFinite(body.retry_after) && body.retry_after >= 0) return body.retry_after;
  if (retryAfterHeader) {
    const seconds = Number(retryAfterHeader);
    if (Number.isFinite(seconds) && seconds >= 0) return seconds;
    const date = Date.parse(retryAfterHeader);
    if (!Number.isNaN(date)) return Math.max(0, Math.ceil((date - Date.now()) / 1000));
  }
  return BACKOFF_SECONDS[Math.min(retryIndex, BACKOFF_SECONDS.length - 1)];
}

/**
 * @param {{ baseUrl: string, apiKey: string, maxRetries?: number, sleep?: (ms: number) => Promise<void>, log?: (line: string) => void }} options
 */
export function createClient({ baseUrl, apiKey, maxRetries = 3, sleep = (ms) => new Promise((r) => setTimeout(r, ms)), log = () => {} }) {
  const root = baseUrl.replace(/\/+$/, '');

  async function request(method, path, body) {
    const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', accept: 'application/json' };
    if (method === 'POST') headers['idempotency-key'] = randomUUID();
    for (let retry = 0; ; retry++) {
      const res = await fetch(`${root}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await res.text();
      let parsed = null;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = { error: 'invalid_response', message: text.slice(0, 200) };
      }
      if (res.status !== 429) {
        if (!res.ok) throw new ParleyError(res.status, parsed);
        return parsed;
      }
      if (retry >= maxRetries) throw new ParleyError(429, parsed);
      const wait = retryDelaySeconds(parsed, res.headers.get('retry-after'), retry);
      log(`rate limited on ${method} ${path}: retrying in ${wait} s (retry ${retry + 1} of ${maxRetries})`);
      await sleep(wait * 1000);
    }
  }

  return {
    request,
    createConversation: (projectId, userId, message) =>
      request('POST', `/v1/projects/${projectId}/conversations`, { user_id: userId, message }),
    generate: (projectId, conversationId) => request('POST', `/v1/projects/${projectId}/conversations/${conversationId}/generate`),
    patchUser: (projectId, userId, patch) => request('PATCH', `/v1/projects/${projectId}/users/${userId}`, patch),
    listConversations: (projectId, query = '') => request('GET', `/v1/projects/${projectId}/conversations${query}`),
  };
}
