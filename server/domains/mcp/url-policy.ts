// Where a Streamable HTTP tool server may be (spec 2.9; the crawler's SSRF rules, lib/safe-fetch.ts):
// http(s) without credentials; an IP literal or a loopback name only when ALLOW_PRIVATE_FETCH is set,
// and a name that resolves to a private or reserved address is refused before connecting and again
// inside each connection's own lookup (guarded-fetch.ts).
import { isIP } from 'node:net';
import { AppError } from '../../errors.js';
import { isPrivateAddress, PRIVATE_FETCH_HINT, systemResolver, type Resolver } from '../../lib/safe-fetch.js';

const blocked = (message: string) => new AppError('blocked_url', message, { details: [{ path: 'url', message }] });

/** Names that mean this machine whatever DNS says (RFC 6761 `.localhost`, and the usual /etc/hosts aliases). */
const LOOPBACK_NAMES = new Set(['localhost', 'localhost.localdomain', 'ip6-localhost', 'ip6-loopback']);

/**
 * The host as a resolver reads it: no brackets, lower case, and no trailing dots — `localhost.` is
 * the same name as `localhost` in DNS (fully qualified), so it must not pass where `localhost` fails.
 */
export function canonicalHost(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '').toLowerCase().replace(/\.+$/, '');
}

function isLoopbackName(host: string): boolean {
  return LOOPBACK_NAMES.has(host) || host.endsWith('.localhost');
}

/** Checked when the URL is saved: a clear 400 instead of a server that never connects. */
export function checkMcpUrl(raw: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw blocked(`url: not a valid URL: ${raw}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw blocked(`url: only http and https, not ${url.protocol}`);
  if (url.username || url.password) throw blocked('url: credentials in the URL are not allowed; send them in headers');
  const host = canonicalHost(url);
  if (!allowPrivate && (isIP(host) || isLoopbackName(host))) {
    throw blocked(`url: ${url.hostname} is an IP address or names this machine; use a public host name, or ${PRIVATE_FETCH_HINT}`);
  }
  return url;
}

/** Checked before connecting, for a clear message: DNS may point a public-looking name at the intranet. */
export async function assertPublicHost(url: URL, allowPrivate: boolean, resolve: Resolver = systemResolver): Promise<void> {
  if (allowPrivate) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = await resolve(host, {});
  const bad = addresses.find((a) => isPrivateAddress(a.address));
  if (bad) throw new Error(`${host} resolves to the private or reserved address ${bad.address}; ${PRIVATE_FETCH_HINT}`);
}
