// BASE_URL/docs/<page>: Parley's own documentation (README.md, csp.md, docs/*.md), the pages the demo
// knowledge base is built from (server/domains/knowledge/demo.ts). Served so the citations under a
// demo answer are real links a visitor can open (spec 2.6: sources with title and link): a browser
// (Accept: text/html) gets the page rendered to HTML (docs-pages.ts), anything else the Markdown as
// text/plain, with `Vary: Accept`. Both go out with nosniff and a CSP that allows no script.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { sendStatic, staticFile } from '../../http/static.js';
import { DOC_CSS, DOC_PAGE, renderDocPage } from './docs-pages.js';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const CSS_PATH = '/docs/_/page.css';
const CSS = staticFile(Buffer.from(DOC_CSS), 'page.css');

/** A browser navigating to the page: it lists text/html (curl, fetch() and crawlers default to *\/*). */
const wantsHtml = (request: FastifyRequest) => /\btext\/html\b/i.test(request.headers.accept ?? '');

export function docsRoutes(app: FastifyInstance) {
  app.get(CSS_PATH, { schema: { hide: true } }, async (request, reply) => sendStatic(request, reply, CSS, 'public, max-age=3600'));

  app.get('/docs/*', { schema: { hide: true } }, async (request, reply) => {
    // Fastify has already decoded the path once; decoding again turned `/docs/%25` into a URIError (500).
    const asked = (request.params as { '*': string })['*'];
    // `/docs/faq.md` is docs/faq.md (the demo cites pages so); `/docs/docs/faq.md` still works.
    const path = DOC_PAGE.test(asked) ? asked : `docs/${asked}`;
    if (!DOC_PAGE.test(path) || path.includes('..')) throw new AppError('not_found', `No documentation page ${asked}`);
    const body = await readFile(join(REPO, path)).catch(() => null);
    if (!body) throw new AppError('not_found', `No documentation page ${path}`);
    reply.header('vary', 'Accept');
    if (wantsHtml(request)) {
      const html = renderDocPage(path, body.toString('utf8'), CSS_PATH);
      const page = { ...staticFile(Buffer.from(html), 'page.html') };
      return sendStatic(request, reply, page, 'public, max-age=300', {
        'content-security-policy': "default-src 'none'; style-src 'self'; img-src 'self' https: data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      });
    }
    const file = { ...staticFile(body, path), type: 'text/plain; charset=utf-8' };
    return sendStatic(request, reply, file, 'public, max-age=300', { 'content-security-policy': "default-src 'none'; sandbox" });
  });
}
