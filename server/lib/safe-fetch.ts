// Outbound HTTP for user-supplied URLs (crawler, robots.txt, sitemaps) with SSRF protection:
// a hostname is resolved and EVERY address it resolves to is checked before connecting;
// the check runs inside the socket's DNS lookup, so the address checked is the address connected to
// (no DNS-rebinding window); IP literals are checked directly; each redirect hop is checked again.
// Every address that is not globally routable unicast (safe-fetch-address.ts) is refused unless the
// policy allows private fetches (config ALLOW_PRIVATE_FETCH, for tests and a local demo) or the host is
// explicitly allow-listed (e.g. an intranet wiki), or the exact origin is (search_web's provider).
// Bounded: a timeout covering the whole exchange, a body size cap, at most N redirects.
import http from 'node:http';
import https from 'node:https';
import dns from 'node:dns';
import net from 'node:net';
import zlib from 'node:zlib';
import type { LookupFunction } from 'node:net';
import { isPrivateAddress } from './safe-fetch-address.js';

export { isPrivateAddress };

export interface FetchPolicy {
  allowPrivate: boolean;
  /** Hostnames or IP literals exempt from the private-address refusal, on any port. */
  allowHosts?: readonly string[];
  /**
   * Origins (`http://127.0.0.1:8888`) exempt from it: that scheme, host and port only, so a
   * redirect from an exempt origin to another port of the same host is checked like any other hop.
   */
  allowOrigins?: readonly string[];
}

/** Every address a name resolves to; injected in tests to answer differently on each call (DNS rebinding). */
export type Resolver = (hostname: string, options: dns.LookupOptions) => Promise<dns.LookupAddress[]>;

export const systemResolver: Resolver = (hostname, options) => dns.promises.lookup(hostname, { ...options, all: true });

export interface SafeFetchOptions {
  policy: FetchPolicy;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** GET unless set; a POST sends `body` (a wiki's login form). */
  method?: 'GET' | 'POST';
  body?: string;
}

export interface SafeResponse {
  /** The final URL after redirects. */
  url: string;
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export type FetchErrorCode = 'blocked_address' | 'timeout' | 'too_large' | 'too_many_redirects' | 'bad_url' | 'network' | 'aborted';

export class FetchError extends Error {
  constructor(
    readonly code: FetchErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'FetchError';
  }
}

/** Appended to every refusal: the setting exists, and a refused crawl of a local site is the usual surprise. */
export const PRIVATE_FETCH_HINT = 'set ALLOW_PRIVATE_FETCH=true to let Parley fetch private and loopback addresses (a local or intranet site)';

function exempt(policy: FetchPolicy, url: URL): boolean {
  return policy.allowPrivate || (policy.allowHosts ?? []).includes(url.hostname.replace(/^\[|\]$/g, '')) || (policy.allowOrigins ?? []).includes(url.origin);
}

/**
 * A socket `lookup` that refuses a private or reserved address for `url`'s host unless the policy
 * exempts it: the address checked is the address the socket connects to. Also used by the MCP
 * transport's fetch (domains/mcp/guarded-fetch.ts).
 */
export function guardedLookup(policy: FetchPolicy, url: URL, resolve: Resolver = systemResolver): LookupFunction {
  const hostname = url.hostname;
  return (host, options, callback) => {
    // Answered outside the promise: a throw in the socket's callback must not become a rejection.
    resolve(host, options).then(
      (addresses) => process.nextTick(done, null, addresses),
      (err: Error) => process.nextTick(done, err, []),
    );
    function done(err: Error | null, list: dns.LookupAddress[]) {
      if (err) return (callback as (e: Error) => void)(err);
      if (!exempt(policy, url)) {
        const bad = list.find((a) => isPrivateAddress(a.address));
        if (bad) {
          return (callback as (e: Error) => void)(
            new FetchError('blocked_address', `Refused: ${hostname} resolves to the private or reserved address ${bad.address}; ${PRIVATE_FETCH_HINT}`),
          );
        }
      }
      if (list.length === 0) return (callback as (e: Error) => void)(new FetchError('network', `${hostname} has no address`));
      if ((options as dns.LookupOptions).all) (callback as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      else (callback as (e: null, a: string, f: number) => void)(null, list[0].address, list[0].family);
    }
  };
}

/** Throws unless the URL is http(s) and, for an IP literal, an allowed address. */
export function checkUrl(raw: string, policy: FetchPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchError('bad_url', `Not a valid URL: ${raw}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchError('bad_url', `Only http and https are fetched, not ${url.protocol}`);
  if (url.username || url.password) throw new FetchError('bad_url', 'URLs with credentials are not fetched');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) && !exempt(policy, url) && isPrivateAddress(host)) {
    throw new FetchError('blocked_address', `Refused: ${host} is a private or reserved address; ${PRIVATE_FETCH_HINT}`);
  }
  return url;
}

function once(url: URL, options: SafeFetchOptions, signal: AbortSignal): Promise<SafeResponse> {
  const maxBytes = options.maxBytes ?? 2 * 1024 * 1024;
  const mod = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = mod.request(
      url,
      {
        method: options.method ?? 'GET',
        headers: { 'accept-encoding': 'gzip, deflate', 'user-agent': 'ParleyBot/1.0 (+knowledge sync)', ...options.headers },
        lookup: guardedLookup(options.policy, url),
        signal,
      },
      (res) => {
        const declared = Number(res.headers['content-length'] ?? 0);
        if (declared > maxBytes) {
          res.destroy();
          return reject(new FetchError('too_large', `Response is ${declared} bytes, the limit is ${maxBytes}`));
        }
        const parts: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            res.destroy();
            reject(new FetchError('too_large', `Response exceeds the limit of ${maxBytes} bytes`));
            return;
          }
          parts.push(chunk);
        });
        res.on('error', (err) => reject(err));
        res.on('end', () => {
          let body = Buffer.concat(parts);
          const enc = String(res.headers['content-encoding'] ?? '').toLowerCase();
          try {
            if (enc === 'gzip') body = zlib.gunzipSync(body, { maxOutputLength: maxBytes });
            else if (enc === 'deflate') body = zlib.inflateSync(body, { maxOutputLength: maxBytes });
          } catch {
            return reject(new FetchError('too_large', `Decompressed response exceeds ${maxBytes} bytes or is corrupt`));
          }
          resolve({ url: url.href, status: res.statusCode ?? 0, headers: res.headers, body });
        });
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

export async function safeFetch(raw: string, options: SafeFetchOptions): Promise<SafeResponse> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const maxRedirects = options.maxRedirects ?? 5;
  let url = checkUrl(raw, options.policy);
  try {
    for (let hop = 0; ; hop++) {
      const res = await once(url, options, signal);
      const location = res.headers.location;
      if (res.status >= 300 && res.status < 400 && location) {
        if (hop >= maxRedirects) throw new FetchError('too_many_redirects', `More than ${maxRedirects} redirects`);
        url = checkUrl(new URL(location, url).href, options.policy);
        continue;
      }
      return res;
    }
  } catch (err) {
    if (err instanceof FetchError) throw err;
    const cause = (err as { cause?: unknown }).cause;
    if (cause instanceof FetchError) throw cause;
    if (timeout.aborted) throw new FetchError('timeout', `No complete answer within ${timeoutMs} ms`);
    if (options.signal?.aborted) throw new FetchError('aborted', 'Fetch cancelled');
    throw new FetchError('network', (err as Error).message);
  }
}
