// The iframe page CHAT_URL/frame/{frame_id} (spec 2.10 iframe mode, docs/architecture.md section 4): a full HTML
// page that mounts the one widget app in frame mode through the loader (widget/loader.ts detects the
// /frame/{id} path). Its own strict CSP: a fresh nonce on the loader tag, 'strict-dynamic', no
// 'unsafe-inline' or 'unsafe-eval', no inline script or style, and frame-ancestors from the channel's
// allowed origins. Unknown frame ids get a 404 page.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { staticFile, sendStatic } from '../../http/static.js';
import type { WidgetBuild } from './build.js';
import { cspDirectives, cspHeader, frameAncestors } from './csp.js';
import { embedSnippet, escapeHtml, pinnedLoader } from './embed.js';
import { appUrls, listeningPort } from './urls.js';

const FRAME_CSS = staticFile(
  Buffer.from('html,body{margin:0;height:100%;background:transparent}body{overflow:hidden}parley-widget{display:block;height:100%}\n'),
  'frame.css',
);

export const newNonce = () => randomBytes(18).toString('base64');

const PAGE_HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'microphone=(self), camera=(), geolocation=(), payment=()',
};

function page(title: string, lang: string, head: string, body: string): string {
  return `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<title>${escapeHtml(title)}</title>
${head}
</head>
<body>
${body}
</body>
</html>
`;
}

export function framePageRoutes(app: FastifyInstance, ctx: AppContext, build: () => Promise<WidgetBuild | null>) {
  app.get('/frame/_/frame.css', { schema: { hide: true } }, async (request, reply) =>
    sendStatic(request, reply, FRAME_CSS, 'public, max-age=3600', { 'cross-origin-resource-policy': 'cross-origin' }),
  );

  app.get('/frame/:frame_id', { schema: { hide: true } }, async (request, reply) => {
    const { frame_id: frameId } = request.params as { frame_id: string };
    const urls = appUrls(app);
    const stylesheet = `<link rel="stylesheet" href="${escapeHtml(urls.chatUrl)}/frame/_/frame.css">`;
    // No favicon request (its 404 would be noise in the host's console); data: is allowed by img-src.
    const icon = '<link rel="icon" href="data:,">';
    const channel = await ctx.services.projects.getChannelByFrameId(frameId);
    if (!channel || channel.type !== 'website_widget') {
      reply.code(404).headers({
        ...PAGE_HEADERS,
        'content-security-policy': `default-src 'none'; style-src ${urls.chatUrl}/frame/_/; base-uri 'none'; form-action 'none'`,
      });
      return reply
        .type('text/html; charset=utf-8')
        .send(page('Chat not found', 'en', stylesheet, '<main><h1>Chat not found</h1><p>No chat widget has this address.</p></main>'));
    }
    const nonce = newNonce();
    const policy = cspDirectives('frame', urls, { nonce, frameAncestors: frameAncestors(channel.allowed_origins, urls, listeningPort(app)) });
    const loader = embedSnippet({ urls, loader: pinnedLoader(urls, await build()), frameId: channel.frame_id, mode: 'launcher', nonce });
    reply.headers({ ...PAGE_HEADERS, 'content-security-policy': cspHeader(policy) });
    return reply
      .type('text/html; charset=utf-8')
      .send(page(channel.name, channel.locale ?? 'en', `${icon}\n${stylesheet}`, `<noscript>This chat needs JavaScript.</noscript>\n${loader}`));
  });
}
