// The embed snippet a site owner pastes (docs/architecture.md section 4): one async script tag naming the frame
// id. The console and GET /v1/widget/embed give the stable CDN_URL/widget/loader.js without SRI, so
// an upgrade never breaks a pasted snippet (an integrity hash on a URL whose bytes change with each
// release would refuse the new loader); pinning a release's loader-<hash>.js with SRI is the opt-in
// of csp.md "Pinning a version" (/widget/loader.json), used here by Parley's own frame page, which it
// renders per request. The data-* attributes are the ones widget/loader.ts reads.
import type { WidgetBuild } from './build.js';
import type { PublicUrls } from './urls.js';

export type EmbedMode = 'launcher' | 'inline' | 'iframe';

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface LoaderRef {
  url: string;
  integrity: string | null;
}

/** The stable loader every pasted snippet uses: always the current release, short-cached, no SRI. */
export const stableLoader = (urls: PublicUrls): LoaderRef => ({ url: `${urls.cdnUrl}/widget/loader.js`, integrity: null });

/** This build's hashed loader with its SRI hash (kept across builds, vite.config.ts); stable without a build. */
export function pinnedLoader(urls: PublicUrls, build: WidgetBuild | null): LoaderRef {
  if (build?.loader) return { url: `${urls.cdnUrl}/widget/${build.loader.path}`, integrity: build.loader.integrity };
  return stableLoader(urls);
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
