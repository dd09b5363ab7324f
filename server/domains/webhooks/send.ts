// One delivery attempt: a POST through the crawler's address guard (lib/safe-fetch.ts). An IP literal
// is checked before connecting and a name inside the socket's own DNS lookup, so the address checked
// is the address connected to: a receiver whose name later resolves to the intranet is refused at
// delivery, not only when it was saved. Redirects are not followed (a 3xx is a failed attempt), as
// a redirect would carry the signed body to a URL nobody checked.
import http from 'node:http';
import https from 'node:https';
import { checkUrl, FetchError, guardedLookup } from '../../lib/safe-fetch.js';

export interface AttemptResult {
  status: number | null;
  durationMs: number;
  error: string | null;
  /** The start of the response body, for the delivery log. */
  response: string | null;
}

const KEEP_RESPONSE_CHARS = 500;
const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };

export async function postSigned(
  rawUrl: string,
  body: string,
  headers: Record<string, string>,
  options: { allowPrivate: boolean; timeoutMs: number; signal?: AbortSignal },
): Promise<AttemptResult> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  let url: URL;
  try {
    url = checkUrl(rawUrl, { allowPrivate: options.allowPrivate });
  } catch (err) {
    return { status: null, durationMs: took(), error: (err as Error).message, response: null };
  }
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const mod = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const finish = (status: number | null, error: string | null, response: string | null) => resolve({ status, durationMs: took(), error, response });
    const req = mod.request(
      url,
      {
        method: 'POST',
        agent: agents[url.protocol as 'http:' | 'https:'],
        headers: { 'content-type': 'application/json', 'user-agent': 'Parley-Webhooks/1.0', 'content-length': Buffer.byteLength(body), ...headers },
        lookup: guardedLookup({ allowPrivate: options.allowPrivate }, url),
        signal,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          // Only the start is kept; the rest is read and dropped so the socket can be reused.
          if (text.length < KEEP_RESPONSE_CHARS) text += chunk.slice(0, KEEP_RESPONSE_CHARS - text.length);
        });
        res.on('end', () => finish(res.statusCode ?? null, null, text || null));
        res.on('error', (err) => finish(res.statusCode ?? null, err.message, text || null));
      },
    );
    req.on('error', (err) => {
      const cause = err instanceof FetchError ? err : ((err as { cause?: unknown }).cause as Error | undefined);
      const message = timeout.aborted ? `no answer within ${options.timeoutMs} ms` : (cause?.message ?? err.message);
      finish(null, message, null);
    });
    req.end(body);
  });
}
