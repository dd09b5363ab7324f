// The example pages at BASE_URL/examples/: templates in examples/*.html filled at request
// time with this server's BASE_URL, CHAT_URL, CDN_URL, the demo frame ids, the loader URL + SRI hash
// and a fresh nonce, then sent with the CSP that csp.md gives for the page's mode (its
// <meta name="parley-csp">). Templates are read per request, so editing one needs no restart.
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { sendStatic, staticFile } from '../../http/static.js';
import { readDemoCredentials } from '../../demo/seed.js';
import type { WidgetBuild } from './build.js';
import { CSP_MODES, cspDirectives, cspHeader, type CspMode } from './csp.js';
import { escapeHtml, pinnedLoader, stableLoader } from './embed.js';
import { newNonce } from './frame-page.js';
import { appUrls, type PublicUrls } from './urls.js';

export const EXAMPLES_DIR = fileURLToPath(new URL('../../../examples', import.meta.url));
const NAME = /^[a-z0-9-]+\.(html|css|js)$/;

/** The frame ids the examples embed: the demo channel, and a second widget channel for two-widgets. */
async function exampleFrameIds(ctx: AppContext): Promise<[string | null, string | null]> {
  const demo = await readDemoCredentials(ctx.config.dataDir);
  let projectId = demo?.project_id;
  if (!projectId) projectId = (await ctx.store.collection('channels').scopes())[0];
  if (!projectId) return [null, null];
  const channels = (await ctx.services.projects.listChannels(projectId)).filter((c) => c.type === 'website_widget');
  const first = channels.find((c) => c.frame_id === demo?.frame_id) ?? channels[0];
  const second = channels.find((c) => c !== first);
  return [first?.frame_id ?? null, second?.frame_id ?? null];
}

function policyFor(mode: string, urls: PublicUrls, nonce: string): string | null {
  if (mode === 'strict') return cspHeader({ ...cspDirectives('launcher', urls, { nonce }), 'default-src': ["'none'"] });
  if ((CSP_MODES as readonly string[]).includes(mode)) return cspHeader(cspDirectives(mode as CspMode, urls, { nonce }));
  return `default-src 'none'; style-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'`;
}

const meta = (html: string, name: string) => new RegExp(`<meta name="${name}" content="([^"]*)">`).exec(html)?.[1] ?? null;

export function examplesRoutes(app: FastifyInstance, ctx: AppContext, build: () => Promise<WidgetBuild | null>) {
  async function render(name: string, extra: Record<string, string> = {}) {
    const template = await readFile(join(EXAMPLES_DIR, name), 'utf8').catch(() => null);
    if (template === null) throw new AppError('not_found', `No example ${name}`);
    const urls = appUrls(app);
    const current = await build();
    const [frameId, frameId2] = await exampleFrameIds(ctx);
    const nonce = newNonce();
    const policy = policyFor(meta(template, 'parley-csp') ?? 'none', urls, nonce);
    const pinned = pinnedLoader(urls, current);
    const values: Record<string, string> = {
      BASE_URL: urls.baseUrl,
      CHAT_URL: urls.chatUrl,
      CDN_URL: urls.cdnUrl,
      FRAME_ID: frameId ?? 'no-widget-channel',
      FRAME_ID_2: frameId2 ?? frameId ?? 'no-widget-channel',
      NONCE: nonce,
      LOADER_URL: stableLoader(urls).url,
      LOADER_PINNED_URL: pinned.url,
      LOADER_INTEGRITY: pinned.integrity ?? '',
      CSP: policy ?? '',
    };
    const html = template.replace(/\{\{([A-Z_0-9]+)\}\}/g, (whole, key: string) =>
      key in extra ? extra[key] : key in values ? escapeHtml(values[key]) : whole,
    );
    return { html, policy };
  }

  async function listing(): Promise<string> {
    const names = (await readdir(EXAMPLES_DIR)).filter((n) => n.endsWith('.html') && n !== 'index.html').sort();
    const items = await Promise.all(
      names.map(async (name) => {
        const html = await readFile(join(EXAMPLES_DIR, name), 'utf8');
        const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? name;
        const description = meta(html, 'description') ?? '';
        return `<li><a href="${escapeHtml(appUrls(app).baseUrl)}/examples/${name}">${title}</a><small>${description}</small></li>`;
      }),
    );
    return items.join('\n');
  }

  const hide = { schema: { hide: true } };
  const send = async (name: string, reply: import('fastify').FastifyReply) => {
    const { html, policy } = await render(name, name === 'index.html' ? { EXAMPLE_LIST: await listing() } : {});
    reply.headers({ 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'referrer-policy': 'strict-origin-when-cross-origin' });
    if (policy) reply.header('content-security-policy', policy);
    return reply.type('text/html; charset=utf-8').send(html);
  };

  app.get('/examples', hide, async (_request, reply) => reply.redirect('/examples/'));
  app.get('/examples/', hide, async (_request, reply) => send('index.html', reply));
  app.get('/examples/:name', hide, async (request, reply) => {
    const { name } = request.params as { name: string };
    if (!NAME.test(name)) throw new AppError('not_found', `No example ${name}`);
    if (name.endsWith('.html')) return send(name, reply);
    const body = await readFile(join(EXAMPLES_DIR, name)).catch(() => null);
    if (!body) throw new AppError('not_found', `No example ${name}`);
    return sendStatic(request, reply, staticFile(body, name), 'public, max-age=300');
  });
}
