// The documentation pages the demo cites (spec 2.6): a browser gets a rendered page titled like the
// citation, with linkable sections and no script; other clients get the Markdown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { docTitle, renderDocPage } from './docs-pages.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('documentation pages', () => {
  it('renders a page for a browser, titled by its first heading, with section ids and a script-free CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/docs/identity.md', headers: { accept: BROWSER } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers.vary).toMatch(/accept/i);
    expect(res.body).toMatch(/<title>Verified identity[^<]*<\/title>/);
    expect(res.body).toMatch(/<h2 id="[a-z0-9-]+">/);
    expect(res.body).not.toContain('<script');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toMatch(/script-src|unsafe/);
    const css = await t.app.inject({ method: 'GET', url: '/docs/_/page.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it('serves docs/faq.md at /docs/faq.md too, with relative links resolved from the file’s place', async () => {
    const clean = await t.app.inject({ method: 'GET', url: '/docs/faq.md', headers: { accept: BROWSER } });
    expect(clean.statusCode).toBe(200);
    expect(clean.body).toMatch(/<title>Questions site owners ask/);
    // docs/api.md links ../csp.md: at /docs/api.md a plain relative link would leave /docs/.
    const html = renderDocPage('docs/api.md', 'See [the policy](../csp.md#nonces), [keys](identity.md) and [below](#limits).', '/s.css');
    expect(html).toContain('href="/docs/csp.md#nonces"');
    expect(html).toContain('href="/docs/docs/identity.md"');
    expect(html).toContain('href="#limits"');
    expect((await t.app.inject({ method: 'GET', url: '/docs/../package.json' })).statusCode).toBe(404);
  });

  it('titles the README as a page, not just the product name, the same way the demo citations do', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/README.md', headers: { accept: BROWSER } });
    expect(res.body).toContain('<title>Parley README</title>');
    // The README's own embed snippet is shown as code, never parsed as a tag.
    expect(res.body).toContain('&lt;script async src=');
  });

  it('still gives the Markdown to clients that do not ask for HTML', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/README.md' });
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body.startsWith('# Parley')).toBe(true);
  });

  it('never passes raw HTML through and escapes the title', () => {
    const html = renderDocPage('docs/x.md', '# A <b>bold</b> "title"\n\n<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>', '/docs/_/page.css');
    expect(html).not.toMatch(/<script>|<img|<b>/);
    expect(html).toContain('<title>A &#60;b&#62;bold&#60;/b&#62; &#34;title&#34;</title>');
    expect(docTitle('docs/none.md', 'no heading here')).toBe('none');
    expect(docTitle('docs/f.md', '---\ntitle: From front matter\n---\n# H1')).toBe('From front matter');
    expect(docTitle('docs/c.md', '```\n# not a heading\n```\n\n# Real')).toBe('Real');
  });
});
