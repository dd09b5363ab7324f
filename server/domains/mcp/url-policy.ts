// Where a Streamable HTTP tool server may be (spec 2.9; the crawler's SSRF rules, lib/safe-fetch.ts):
// http(s) without credentials; an IP literal or localhost only when ALLOW_PRIVATE_FETCH is set, and a
// name that resolves to a private or reserved address is refused before connecting.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { AppError } from '../../errors.js';
import { isPrivateAddress, PRIVATE_FETCH_HINT } from '../../lib/safe-fetch.js';

const blocked = (message: string) => new AppError('blocked_url', message, { details: [{ path: 'url', message }] });

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
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (!allowPrivate && (isIP(host) || host === 'localhost' || host.endsWith('.localhost'))) {
    throw blocked(`url: ${host} is an IP address or localhost; use a public host name, or ${PRIVATE_FETCH_HINT}`);
  }
  return url;
}

/** Checked before each connection: DNS may point a public-looking name at the intranet. */
export async function assertPublicHost(url: URL, allowPrivate: boolean): Promise<void> {
  if (allowPrivate) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = await lookup(host, { all: true });
  const bad = addresses.find((a) => isPrivateAddress(a.address));
  if (bad) throw new Error(`${host} resolves to the private or reserved address ${bad.address}; ${PRIVATE_FETCH_HINT}`);
}
