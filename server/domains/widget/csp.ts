// Content-Security-Policy for each way of embedding the widget (spec 8.2, docs/architecture.md section 4), built
// only from the configured BASE_URL, CHAT_URL and CDN_URL. None needs 'unsafe-inline' or 'unsafe-eval':
// the loader carries a nonce and 'strict-dynamic' extends trust to the chunks it loads; styles come
// from constructable stylesheets and stylesheet files under CDN_URL/widget/. csp.md documents these
// policies; GET /v1/widget/csp prints them for this server's configuration.
import type { PublicUrls } from './urls.js';

export const CSP_MODES = ['launcher', 'inline', 'iframe', 'frame'] as const;
export type CspMode = (typeof CSP_MODES)[number];

export type Directives = Record<string, string[]>;

const origin = (url: string) => new URL(url).origin;
const wsOrigin = (url: string) => origin(url).replace(/^http/, 'ws');

/** CDN_URL/widget/ as a path-restricted source (the loader and its chunks live there). */
export const assetSource = (urls: PublicUrls) => `${urls.cdnUrl}/widget/`;

/**
 * The directives a page needs for `mode`:
 *  - launcher / inline: the host page runs the loader and the app (Shadow DOM) itself;
 *  - iframe: the host page only embeds CHAT_URL/frame/{frame_id} (the loader may insert the frame);
 *  - frame: the policy Parley itself sends with the CHAT_URL/frame/{frame_id} page.
 * `nonce` is the per-response nonce of the page's loader tag.
 */
export function cspDirectives(mode: CspMode, urls: PublicUrls, options: { nonce?: string; frameAncestors?: string[] } = {}): Directives {
  const nonce = options.nonce ? `'nonce-${options.nonce}'` : `'nonce-{NONCE}'`;
  const assets = assetSource(urls);
  const api = [origin(urls.baseUrl), wsOrigin(urls.baseUrl)];
  const images = [origin(urls.cdnUrl), origin(urls.baseUrl), 'data:', 'blob:'];
  const script = [nonce, "'strict-dynamic'", assets];
  const base: Directives = { 'object-src': ["'none'"], 'base-uri': ["'none'"] };
  switch (mode) {
    case 'launcher':
    case 'inline':
      return {
        'default-src': ["'self'"],
        'script-src': script,
        'style-src': ["'self'", assets],
        'img-src': ["'self'", ...images],
        'media-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", assets],
        'connect-src': ["'self'", ...api],
        'frame-src': ["'self'"],
        'form-action': ["'self'"],
        ...base,
      };
    case 'iframe':
      return {
        'default-src': ["'self'"],
        'script-src': script,
        'style-src': ["'self'"],
        'img-src': ["'self'", 'data:'],
        'frame-src': ["'self'", origin(urls.chatUrl)],
        'form-action': ["'self'"],
        ...base,
      };
    case 'frame':
      return {
        'default-src': ["'none'"],
        'script-src': script,
        'style-src': [assets, `${urls.chatUrl}/frame/_/`],
        'img-src': images,
        'media-src': ['data:', 'blob:'],
        'font-src': [assets],
        'connect-src': api,
        'frame-ancestors': options.frameAncestors?.length ? options.frameAncestors : ["'self'"],
        'form-action': ["'none'"],
        ...base,
      };
  }
}

export const cspHeader = (directives: Directives) =>
  Object.entries(directives)
    .map(([name, values]) => [name, ...new Set(values)].join(' '))
    .join('; ');

/** frame-ancestors for a channel's frame page: its allowed origins ('*' → any), plus Parley's own pages. */
export function frameAncestors(allowedOrigins: string[], urls: PublicUrls, port: number | null): string[] {
  if (allowedOrigins.includes('*')) return ['*'];
  const own = ["'self'", origin(urls.baseUrl)];
  const listed = allowedOrigins.flatMap((o) => {
    try {
      const u = new URL(o);
      if (u.port === '0' && port !== null) u.port = String(port);
      return [u.origin];
    } catch {
      return [];
    }
  });
  return [...new Set([...own, ...listed])];
}
