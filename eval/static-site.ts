// A small static web server on 127.0.0.1 publishing each documentation set's chosen pages under
// /<set>/, with a sitemap listing them, so the eval imports them through Parley's own crawler the
// way a customer's site would be (docs/knowledge.md "How do I crawl my website?").
import { createServer, type Server } from 'node:http';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { DocSet } from './sets/types.js';

/** Every file under root as a "/"-separated relative path, sorted so a run is deterministic. */
async function listFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() || e.isSymbolicLink())
    .map((e) => relative(root, join(e.parentPath, e.name)).split(sep).join('/'))
    .sort();
}

/** The pages of a set that are published (its include rule over the files of its root). */
export async function publishedPages(set: DocSet): Promise<string[]> {
  return (await listFiles(set.root)).filter((p) => set.include(p));
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Debian's Python pages name their installed file (file:///usr/share/doc/…) as canonical URL, an
 * artefact of packaging: a published site names itself, so such links are dropped.
 */
const dropFileCanonical = (html: string) => html.replace(/<link\s+rel="canonical"\s+href="file:[^"]*"\s*\/?>/gi, '');

export interface StaticSite {
  /** http://127.0.0.1:PORT */
  origin: string;
  /** Base URL of a set's pages: origin + "/" + name + "/". */
  baseUrl(set: DocSet): string;
  sitemapUrl(set: DocSet): string;
  close(): Promise<void>;
}

export async function startStaticSite(sets: { set: DocSet; pages: string[] }[]): Promise<StaticSite> {
  const published = new Map(sets.map(({ set, pages }) => [set.name, { set, pages: new Set(pages), list: pages }]));
  let origin = '';
  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      const [, name, ...rest] = path.split('/');
      const entry = published.get(name ?? '');
      const page = rest.join('/');
      if (req.method !== 'GET' && req.method !== 'HEAD') return res.writeHead(405).end();
      if (!entry) return res.writeHead(404).end();
      if (page === 'sitemap.xml') {
        const urls = entry.list.map((p) => `<url><loc>${escapeXml(`${origin}/${name}/${p}`)}</loc></url>`).join('\n');
        res.writeHead(200, { 'content-type': 'application/xml' });
        return res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`);
      }
      if (!entry.pages.has(page)) return res.writeHead(404).end();
      const html = dropFileCanonical(await readFile(join(entry.set.root, page), 'utf8'));
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(req.method === 'HEAD' ? undefined : html);
    })().catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    baseUrl: (set) => `${origin}/${set.name}/`,
    sitemapUrl: (set) => `${origin}/${set.name}/sitemap.xml`,
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}
