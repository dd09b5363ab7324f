// Which page origins may open the widget WebSocket (issue 4, DESIGN.md section 3): the channel's
// allowed_origins ('*' = any), plus Parley's own pages — the CHAT_URL origin (iframe mode, spec 2.10)
// and the origin the request itself was made to (examples and the frame page served by this server).
// Browsers always send Origin on a WebSocket handshake and scripts cannot forge it; a connection
// without one (not a browser) is refused unless the channel allows '*'.
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
    return given === n;
  });
}
