// The embed snippet a site owner pastes (docs/architecture.md section 4): one async script tag naming the frame
// id, pinned to the hashed loader with its SRI hash when the build is known (spec 8.2), else the
// short-cached alias CDN_URL/widget/loader.js. The data-* attributes are the ones widget/loader.ts reads.
import type { WidgetBuild } from './build.js';
import type { PublicUrls } from './urls.js';

export type EmbedMode = 'launcher' | 'inline' | 'iframe';

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface LoaderRef {
  url: string;
  integrity: string | null;
}

export function loaderRef(urls: PublicUrls, build: WidgetBuild | null, pinned = true): LoaderRef {
  if (pinned && build?.loader) return { url: `${urls.cdnUrl}/widget/${build.loader.path}`, integrity: build.loader.integrity };
  return { url: `${urls.cdnUrl}/widget/loader.js`, integrity: null };
}

export function embedSnippet(input: {
  urls: PublicUrls;
  loader: LoaderRef;
  frameId: string;
  mode: EmbedMode;
  /** CSS selector of the host element (inline mode). */
  target?: string;
  nonce?: string;
}): string {
  const { urls, loader } = input;
  if (input.mode === 'iframe' && !input.nonce && !input.target) {
    // Plain iframe: no script on the host page at all (and no style attribute, which a strict CSP blocks).
    const src = `${urls.chatUrl}/frame/${encodeURIComponent(input.frameId)}`;
    return `<iframe src="${escapeHtml(src)}" title="Chat" allow="microphone" width="400" height="600"></iframe>`;
  }
  const attrs: [string, string | null][] = [
    ['src', loader.url],
    ['integrity', loader.integrity],
    ['crossorigin', loader.integrity ? 'anonymous' : null],
    ['nonce', input.nonce ?? null],
    ['data-frame-id', input.frameId],
    ['data-mode', input.mode === 'launcher' ? null : input.mode],
    ['data-target', input.target ?? null],
    ['data-base-url', urls.baseUrl],
    ['data-chat-url', urls.chatUrl === urls.baseUrl ? null : urls.chatUrl],
  ];
  const rendered = attrs.filter(([, v]) => v !== null).map(([k, v]) => `${k}="${escapeHtml(v!)}"`);
  return `<script async ${rendered.join(' ')}></script>`;
}
