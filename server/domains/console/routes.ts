// The team console (README "Team console"): the built dashboard app from dist/dashboard, served at
// /app. Hashed files under /app/assets/ are cached for a year; every other /app path is a client
// route of the single-page app and gets index.html (no-cache, so a new release shows on reload).
// The page runs under a strict CSP like every page of this server: scripts and styles only from
// this origin's files (no 'unsafe-inline', no eval), API calls and the team WebSocket to 'self',
// no framing of the console; the one frame it shows is the channel preview, the real widget's frame
// page on CHAT_URL (dashboard/components/ChannelPreview.tsx), so frame-src names that origin only. Brotli/gzip copies from the build are sent by Accept-Encoding.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fileURLToPath } from 'node:url';
import type { RouteModule } from '../../routes.js';
import { AppError } from '../../errors.js';
import { sendStatic } from '../../http/static.js';
import { fileWithEncodings, widgetBuildSource } from '../widget/build.js';
import { appUrls, originOf } from '../widget/urls.js';

export const DEFAULT_CONSOLE_DIR = fileURLToPath(new URL('../../../dist/dashboard', import.meta.url));

const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: https:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
];

/** The console's policy; `chatOrigin` is where the channel preview's frame page lives. */
export const consoleCsp = (chatOrigin: string) => [...CONSOLE_CSP, `frame-src ${chatOrigin}`].join('; ');

const PAGE_HEADERS = {
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};
const IMMUTABLE = 'public, max-age=31536000, immutable';

const notBuilt = () => new AppError('not_found', 'The team console is not built on this server: run `npm run build`');

export const consoleRoutes: RouteModule = (app) => {
  const build = widgetBuildSource(DEFAULT_CONSOLE_DIR);
  const hide = { schema: { hide: true } };

  async function page(request: FastifyRequest, reply: FastifyReply) {
    const current = await build();
    const index = current && fileWithEncodings(current, 'index.html');
    if (!index) throw notBuilt();
    return sendStatic(request, reply, index, 'no-cache', { ...PAGE_HEADERS, 'content-security-policy': consoleCsp(originOf(appUrls(app).chatUrl)) });
  }

  app.get('/app', hide, page);
  app.get('/app/*', hide, async (request, reply) => {
    const path = (request.params as { '*': string })['*'];
    if (!path.startsWith('assets/')) return page(request, reply);
    const current = await build();
    if (!current) throw notBuilt();
    const file = fileWithEncodings(current, path);
    if (!file) throw new AppError('not_found', `No console file ${path}`);
    return sendStatic(request, reply, file, IMMUTABLE);
  });
};
