// BASE_URL/docs/<page>: Parley's own documentation (README.md, csp.md, docs/*.md), the pages the demo
// knowledge base is built from (server/domains/knowledge/demo.ts). Served so the citations under a
// demo answer are real links a visitor can open (spec 2.6: sources with title and link). Sent as
// text/plain with nosniff and a sandboxing CSP: the Markdown is shown, never rendered as HTML.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.js';
import { sendStatic, staticFile } from '../../http/static.js';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
/** Exactly the files demo.ts zips: top-level README.md and csp.md, or one Markdown file under docs/. */
const PAGE = /^(README\.md|csp\.md|docs\/[A-Za-z0-9][A-Za-z0-9_.-]*\.md)$/;

export function docsRoutes(app: FastifyInstance) {
  app.get('/docs/*', { schema: { hide: true } }, async (request, reply) => {
    // Fastify has already decoded the path once; decoding again turned `/docs/%25` into a URIError (500).
    const path = (request.params as { '*': string })['*'];
    if (!PAGE.test(path) || path.includes('..')) throw new AppError('not_found', `No documentation page ${path}`);
    const body = await readFile(join(REPO, path)).catch(() => null);
    if (!body) throw new AppError('not_found', `No documentation page ${path}`);
    const file = { ...staticFile(body, path), type: 'text/plain; charset=utf-8' };
    return sendStatic(request, reply, file, 'public, max-age=300', { 'content-security-policy': "default-src 'none'; sandbox" });
  });
}
