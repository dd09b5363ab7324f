// Which page origins may open the widget WebSocket (docs/architecture.md section 3): the channel's
// allowed_origins ('*' = any), plus Parley's own pages — the CHAT_URL origin (iframe mode, spec 2.10)
// and the origin the request itself was made to (examples and the frame page served by this server).
// Browsers always send Origin on a WebSocket handshake and scripts cannot forge it; a connection
// without one (not a browser) is refused unless the channel allows '*'.
// A wildcard subdomain entry (`https://*.example.com`) matches nested subdomains but not the bare
// domain, with the same scheme and port — the rule spec 8.2 states for CSP sources, which the frame
// page's frame-ancestors (a CSP directive) applies to the same entry.
import type { Channel } from '../../../shared/schemas/entities.js';
import { originOf, type PublicUrls } from './urls.js';

function normalise(origin: string): string | null {
  try {
    const u = new URL(origin);
    return u.origin === 'null' ? null : u.origin;
  } catch {
    return null;
  }
}

/** `https://*.example.com` against a page origin: a subdomain (any depth) of example.com, same scheme and port. */
export function wildcardMatch(pattern: string, origin: string): boolean {
  const p = new URL(pattern);
  if (!p.hostname.startsWith('*.')) return false;
  const o = new URL(origin);
  return o.protocol === p.protocol && o.port === p.port && o.hostname.endsWith(p.hostname.slice(1)) && o.hostname.length > p.hostname.length - 1;
}

export function originAllowed(
  channel: Pick<Channel, 'allowed_origins'>,
  origin: string | undefined,
  urls: PublicUrls,
  selfOrigin: string | null,
  port: number | null = null,
): boolean {
  if (channel.allowed_origins.includes('*')) return true;
  if (!origin) return false;
  const given = normalise(origin);
  if (!given) return false;
  if (given === originOf(urls.chatUrl) || given === originOf(urls.baseUrl) || given === selfOrigin) return true;
  return channel.allowed_origins.some((allowed) => {
    const n = normalise(allowed);
    if (!n) return false;
    // A stored origin with port 0 means "this server, whatever port it got" (seeded under PORT=0).
    if (port !== null && new URL(n).port === '0') return given === n.replace(/:0$/, `:${port}`);
    return given === n || wildcardMatch(n, given);
  });
}
