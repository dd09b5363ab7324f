// The eval's static site publishes exactly a set's chosen pages, with a sitemap listing them, and
// drops Debian's file:// canonical links so the crawler sees the pages as a published site would.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishedPages, startStaticSite, type StaticSite } from '../../eval/static-site.js';
import type { DocSet } from '../../eval/sets/types.js';

let root: string;
let site: StaticSite;
let set: DocSet;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'parley-eval-site-'));
  await mkdir(join(root, 'tutorial'));
  await writeFile(join(root, 'tutorial', 'venv.html'), '<html><head><link rel="canonical" href="file:///usr/share/doc/x/venv.html" /></head><body>venv</body></html>');
  await writeFile(join(root, 'tutorial', 'notes.txt'), 'not a page');
  await writeFile(join(root, 'index.html'), '<p>index</p>');
  set = { name: 'demo', root, include: (p) => p.startsWith('tutorial/') && p.endsWith('.html'), questions: [] };
  site = await startStaticSite([{ set, pages: await publishedPages(set) }]);
});
afterAll(async () => {
  await site.close();
  await rm(root, { recursive: true, force: true });
});

describe('eval static site', () => {
  it('lists the included pages in the sitemap and serves them without file:// canonical links', async () => {
    expect(await publishedPages(set)).toEqual(['tutorial/venv.html']);
    const sitemap = await (await fetch(site.sitemapUrl(set))).text();
    expect(sitemap).toContain(`<loc>${site.baseUrl(set)}tutorial/venv.html</loc>`);
    expect(sitemap).not.toContain('index.html');
    const page = await fetch(`${site.baseUrl(set)}tutorial/venv.html`);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await page.text();
    expect(html).toContain('venv');
    expect(html).not.toContain('canonical');
  });

  it('answers 404 for pages outside the selection and unknown sets', async () => {
    expect((await fetch(`${site.baseUrl(set)}index.html`)).status).toBe(404);
    expect((await fetch(`${site.baseUrl(set)}tutorial/notes.txt`)).status).toBe(404);
    expect((await fetch(`${site.origin}/other/tutorial/venv.html`)).status).toBe(404);
  });
});
