// Widget asset hosting under CDN_URL/widget/ (spec 8.2):
//  - hashed files (vite `[name]-[hash]`): `public, max-age=31536000, immutable`;
//  - /widget/loader.js: the current hashed loader's bytes under a stable URL, cached 5 minutes, so a
//    pasted snippet picks up a new release quickly without a redirect;
//  - /widget/loader.json: the hashed loader URL and its SRI hash, for pinned snippets (csp.md
//    "Pinning a version"; the build keeps every release's hashed files, vite.config.ts);
//  - every asset: CORS `*` (module chunks and SRI checks need it) and CORP cross-origin, so pages
//    with COEP can load them; explicit content types with nosniff;
//  - brotli or gzip by Accept-Encoding from the .br/.gz files the build writes beside each asset
//    (vite.config.ts), with `Vary: Accept-Encoding`; those files are not assets of their own.
// Without a build the server still runs and answers 404 with a hint to run `npm run build`.
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.js';
import { sendStatic } from '../../http/static.js';
import { fileWithEncodings, type WidgetBuild } from './build.js';
import { appUrls } from './urls.js';
import { pinnedLoader, stableLoader } from './embed.js';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const LOADER_CACHE = 'public, max-age=300, stale-while-revalidate=60';
const SHORT = 'public, max-age=300';

export const ASSET_HEADERS = {
  'access-control-allow-origin': '*',
  'cross-origin-resource-policy': 'cross-origin',
  'timing-allow-origin': '*',
};

const notBuilt = () => new AppError('not_found', 'The widget is not built on this server: run `npm run build`');

export function widgetHostingRoutes(app: FastifyInstance, build: () => Promise<WidgetBuild | null>) {
  const hide = { schema: { hide: true } };

  app.get('/widget/loader.js', hide, async (request, reply) => {
    const current = await build();
    const file = current?.loader && fileWithEncodings(current, current.loader.path);
    if (!file) throw notBuilt();
    return sendStatic(request, reply, file, LOADER_CACHE, ASSET_HEADERS);
  });

  app.get('/widget/loader.json', hide, async (_request, reply) => {
    const current = await build();
    if (!current?.loader) throw notBuilt();
    const urls = appUrls(app);
    const pinned = pinnedLoader(urls, current);
    reply.headers({ ...ASSET_HEADERS, 'cache-control': 'public, max-age=60' });
    return { url: pinned.url, integrity: pinned.integrity, alias_url: stableLoader(urls).url };
  });

  app.get('/widget/*', hide, async (request, reply) => {
    const path = (request.params as { '*': string })['*'];
    const current = await build();
    if (!current) throw notBuilt();
    const file = fileWithEncodings(current, path);
    if (!file) throw new AppError('not_found', `No widget asset ${JSON.stringify(path.slice(0, 200))}`);
    return sendStatic(request, reply, file, current.files.get(path)!.hashed ? IMMUTABLE : SHORT, ASSET_HEADERS);
  });
}
