// A recurring export's webhook destination: one POST of a small JSON notice (never the file: the
// receiver downloads it through the signed link, as a person would). The URL is the customer's, so
// it goes through the same guard as every server-side fetch (lib/safe-fetch.ts): http(s) only, no
// private or loopback address unless ALLOW_PRIVATE_FETCH, checked at connect time against DNS rebinding.
import http from 'node:http';
import https from 'node:https';
import { checkUrl, guardedLookup, type FetchPolicy } from '../../lib/safe-fetch.js';

const TIMEOUT_MS = 15_000;

/** Resolves with the response status; rejects on a refused URL, a network error or the timeout. */
export function postJson(raw: string, body: unknown, policy: FetchPolicy): Promise<number> {
  const url = checkUrl(raw, policy);
  const payload = JSON.stringify(body);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        lookup: guardedLookup(policy, url),
        timeout: TIMEOUT_MS,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), 'user-agent': 'Parley-Exports' },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
    req.on('error', reject);
    req.end(payload);
  });
}
