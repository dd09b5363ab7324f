// The web crawler through the real API against a real site on 127.0.0.1.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { html, startSite, type TestSite } from './testing/site.js';
import { seedAudiences } from '../audiences/testing.js';

let t: TestApp;
let site: TestSite;
let auth: Record<string, string>;
let base: string;

const link = (href: string, text = href) => `<a href="${href}">${text}</a>`;

function buildSite(s: TestSite) {
  const u = s.url;
  s.pages.set('/robots.txt', { type: 'text/plain', body: 'User-agent: *\nDisallow: /private/\n' });
  s.pages.set('/sitemap.xml', {
    type: 'application/xml',
    body: `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${u}/docs/a</loc></url><url><loc>${u}/docs/b</loc></url></urlset>`,
  });
  s.pages.set(
    '/',
    html(
      'Home',
      `<nav>${link('/docs/a')} ${link('/private/secret')} ${link('/blog/post-1')} ${link('/deep/1')} ${link('/missing')} ${link('/docs/alias')} ${link('http://example.invalid/elsewhere')}</nav>
       <main><h1>Home</h1><p>Welcome to the Acme help centre. Browse the guides below.</p></main>`,
    ),
  );
  s.pages.set(
    '/docs/a',
    html(
      'Installing Acme',
      `<main><h1>Installing Acme</h1><h2>Install</h2><h3>Linux</h3><p>Run the acme-installer script with sudo to install the zebracorn agent on Linux.</p>
       <h3>Windows</h3><p>Download the MSI package and double click it.</p></main>`,
      `<link rel="canonical" href="${u}/docs/a">`,
    ),
  );
  s.pages.set('/docs/alias', html('Installing Acme (old address)', '<main><p>Same page, old address.</p></main>', `<link rel="canonical" href="${u}/docs/a">`));
  s.pages.set(
    '/docs/b',
    html('Billing', `<nav>NAVIGATION-MENU-TEXT</nav><main><h2>Invoices</h2><p>Invoices are emailed on the first day of each month.</p></main><footer>FOOTER-TEXT</footer>`),
  );
  s.pages.set('/private/secret', html('Secret', '<p>The vault code is 1234.</p>'));
  s.pages.set('/blog/post-1', html('Blog', '<p>A blog post that must be excluded.</p>'));
  s.pages.set('/deep/1', html('Deep 1', `<p>Level one of the deep section.</p>${link('/deep/2')}`));
  s.pages.set('/deep/2', html('Deep 2', `<p>Level two of the deep section.</p>${link('/deep/3')}`));
  s.pages.set('/deep/3', html('Deep 3', '<p>Level three is beyond the depth limit.</p>'));
}

async function api(method: string, url: string, body?: unknown) {
  const res = await t.app.inject({ method: method as 'GET', url: `${base}${url}`, headers: auth, payload: body as object });
  return { status: res.statusCode, body: res.body ? res.json() : null };
}

async function syncAndWait(providerId: string) {
  const started = await api('POST', `/data-providers/${providerId}/sync`);
  expect(started.status).toBe(202);
  expect(started.body.status).toBe('running');
  await t.app.ctx.services.knowledge.waitForSync(t.demo.project_id, providerId);
  return (await api('GET', `/data-providers/${providerId}/sync-jobs/${started.body.id}`)).body;
}

async function sourcesOf(providerId: string) {
  return (await api('GET', `/sources?data_provider_id=${providerId}&limit=100`)).body.data as { id: string; key: string; status: string; error: string | null; content_hash: string }[];
}

beforeAll(async () => {
  t = await createTestApp();
  site = await startSite();
  buildSite(site);
  auth = { authorization: `Bearer ${t.demo.api_key}` };
  base = `/v1/projects/${t.demo.project_id}`;
  await seedAudiences(t, ['aud_customers', 'aud_finance']);
});
afterAll(async () => {
  await t.close();
  await site.close();
});

describe('web crawler', () => {
  let providerId: string;

  it('crawls with sitemap, robots.txt, exclude pattern, depth limit and canonical URLs', async () => {
    const created = await api('POST', '/data-providers', {
      type: 'web_crawler',
      name: 'Acme site',
      default_audience_id: 'aud_customers',
      crawler: { start_urls: [`${site.url}/`], sitemap_url: `${site.url}/sitemap.xml`, exclude_patterns: ['/blog/*'], max_depth: 2, max_pages: 50 },
    });
    expect(created.status).toBe(201);
    providerId = created.body.id;

    const job = await syncAndWait(providerId);
    expect(job.status).toBe('succeeded');
    expect(site.requests).toContain('/robots.txt');
    expect(site.requests).not.toContain('/private/secret');
    expect(site.requests).not.toContain('/blog/post-1');
    expect(site.requests).not.toContain('/deep/3');

    const sources = await sourcesOf(providerId);
    const keys = sources.map((s) => s.key.replace(site.url, '')).sort();
    expect(keys).toEqual(['/', '/deep/1', '/deep/2', '/docs/a', '/docs/b', '/missing']);
    const missing = sources.find((s) => s.key.endsWith('/missing'))!;
    expect(missing.status).toBe('failed');
    expect(missing.error).toMatch(/404/);
    expect(job.progress.pages_failed).toBe(1);
    expect(job.failures).toEqual([{ url: `${site.url}/missing`, error: 'HTTP 404' }]);
    expect(job.progress.pages_found).toBeGreaterThanOrEqual(7);
    expect(sources.every((s) => (s as unknown as { audience_id: string }).audience_id === 'aud_customers')).toBe(true);

    const a = sources.find((s) => s.key === `${site.url}/docs/a`)!;
    const chunks = (await api('GET', `/sources/${a.id}/chunks`)).body;
    expect(chunks.source.title).toBe('Installing Acme');
    expect(chunks.data[0].headings).toEqual(['Install', 'Linux']);
    expect(chunks.data.map((c: { text: string }) => c.text).join(' ')).toContain('zebracorn');

    const b = sources.find((s) => s.key === `${site.url}/docs/b`)!;
    const bText = (await api('GET', `/sources/${b.id}/chunks`)).body.data.map((c: { text: string }) => c.text).join(' ');
    expect(bText).toContain('Invoices are emailed');
    expect(bText).not.toContain('NAVIGATION-MENU-TEXT');
    expect(bText).not.toContain('FOOTER-TEXT');

    const hits = (await api('GET', `/knowledge/search?query=${encodeURIComponent('install zebracorn on linux')}`)).body.data;
    expect(hits[0].url).toBe(`${site.url}/docs/a`);
    expect(hits[0].headings).toEqual(['Install', 'Linux']);
  });

  it('re-syncs incrementally: changed page re-chunked, removed page deleted, nothing duplicated', async () => {
    const before = await sourcesOf(providerId);
    site.pages.set('/docs/a', html('Installing Acme', '<main><h2>Install</h2><p>Use the new quokkabox installer instead.</p></main>'));
    site.pages.set('/deep/1', html('Deep 1', '<p>Level one of the deep section, no more links.</p>'));
    site.pages.delete('/deep/2');

    const job = await syncAndWait(providerId);
    expect(job.status).toBe('succeeded');
    expect(job.progress.sources_updated).toBe(2); // /docs/a and /deep/1
    expect(job.progress.sources_removed).toBe(1); // /deep/2
    expect(job.progress.sources_unchanged).toBe(2); // / and /docs/b

    const after = await sourcesOf(providerId);
    const keys = after.map((s) => s.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.some((k) => k.endsWith('/deep/2'))).toBe(false);
    const aBefore = before.find((s) => s.key.endsWith('/docs/a'))!;
    const aAfter = after.find((s) => s.key.endsWith('/docs/a'))!;
    expect(aAfter.id).toBe(aBefore.id);
    expect(aAfter.content_hash).not.toBe(aBefore.content_hash);
    const bBefore = before.find((s) => s.key.endsWith('/docs/b'))!;
    expect(after.find((s) => s.key.endsWith('/docs/b'))!.content_hash).toBe(bBefore.content_hash);

    const hits = (await api('GET', `/knowledge/search?query=quokkabox`)).body.data;
    expect(hits[0].url).toBe(`${site.url}/docs/a`);
    const old = (await api('GET', `/knowledge/search?query=zebracorn`)).body.data;
    expect(old.some((h: { text: string }) => h.text.includes('zebracorn'))).toBe(false);
  });

  it('answers 409 sync_in_progress while a sync runs', async () => {
    site.hold('/docs/b');
    const first = await api('POST', `/data-providers/${providerId}/sync`);
    expect(first.status).toBe(202);
    const second = await api('POST', `/data-providers/${providerId}/sync`);
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ error: 'sync_in_progress', job_id: first.body.id });
    const running = await api('GET', `/data-providers/${providerId}/sync-jobs/${first.body.id}`);
    expect(running.body.status).toBe('running');
    site.release();
    await t.app.ctx.services.knowledge.waitForSync(t.demo.project_id, providerId);
    const done = await api('GET', `/data-providers/${providerId}/sync-jobs/${first.body.id}`);
    expect(done.body.status).toBe('succeeded');
    const list = await api('GET', `/data-providers/${providerId}/sync-jobs`);
    expect(list.body.data.length).toBe(3);
  });

  it('rejects bad crawler settings with a 400 naming the field', async () => {
    const res = await api('POST', '/data-providers', { type: 'web_crawler', name: 'Bad', crawler: { start_urls: ['ftp://x'] } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_request');
    expect(res.body.details[0].path).toBe('body.crawler.start_urls.0'); // refused by the shared WebUrl schema
    const none = await api('POST', '/data-providers', { type: 'web_crawler', name: 'Empty' });
    expect(none.status).toBe(400);
  });

  it('needs knowledge:read and knowledge:write to sync', async () => {
    const { key } = await t.app.ctx.services.apiKeys.create(t.demo.project_id, { name: 'reader', permissions: ['knowledge:read'], environment: 'test' });
    const res = await t.app.inject({ method: 'POST', url: `${base}/data-providers/${providerId}/sync`, headers: { authorization: `Bearer ${key}` } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('insufficient_permissions');
    expect(res.json().required_permissions).toEqual(['knowledge:read', 'knowledge:write']);
    // Spec 5.4: write includes the matching read, so a write key may sync.
    const { key: writer } = await t.app.ctx.services.apiKeys.create(t.demo.project_id, { name: 'writer', permissions: ['knowledge:write'], environment: 'test' });
    const ok = await t.app.inject({ method: 'POST', url: `${base}/data-providers/${providerId}/sync`, headers: { authorization: `Bearer ${writer}` } });
    expect(ok.statusCode).toBe(202);
    await t.app.ctx.services.knowledge.waitForSync(t.demo.project_id, providerId);
  });
});

describe('managing crawled sources', () => {
  it('sets a source audience that survives re-syncs, and deletes a source that the next sync brings back', async () => {
    const provider = (await api('POST', '/data-providers', { type: 'web_crawler', name: 'Billing only', crawler: { start_urls: [`${site.url}/docs/b`], max_depth: 0 } })).body;
    await syncAndWait(provider.id);
    const [b] = await sourcesOf(provider.id);
    const patched = await api('PATCH', `/sources/${b.id}`, { audience_id: 'aud_finance' });
    expect(patched.body).toMatchObject({ id: b.id, audience_id: 'aud_finance' });
    expect((await api('PATCH', `/sources/${b.id}`, { status: 'failed' })).status).toBe(400);

    const again = await syncAndWait(provider.id);
    expect(again.progress.sources_unchanged).toBe(1);
    expect((await api('GET', `/sources/${b.id}`)).body.audience_id).toBe('aud_finance');

    expect((await api('DELETE', `/sources/${b.id}`)).status).toBe(204);
    expect((await api('GET', `/sources/${b.id}`)).status).toBe(404);
    expect((await api('GET', `/sources/${b.id}/chunks`)).status).toBe(404);
    const hits = (await api('GET', `/knowledge/search?query=${encodeURIComponent('invoices emailed first day')}`)).body.data;
    expect(hits.some((h: { source_id: string }) => h.source_id === b.id)).toBe(false);

    const back = await syncAndWait(provider.id);
    expect(back.progress.sources_added).toBe(1);
    expect((await sourcesOf(provider.id)).map((x) => x.key)).toEqual([`${site.url}/docs/b`]);
  });
});

describe('SSRF protection through the API', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp({ allowPrivateFetch: false });
  });
  afterAll(() => strict.close());

  it('refuses to crawl a loopback site and records why, fetching nothing', async () => {
    const sBase = `/v1/projects/${strict.demo.project_id}`;
    const h = { authorization: `Bearer ${strict.demo.api_key}` };
    const before = site.requests.length;
    const created = await strict.app.inject({
      method: 'POST',
      url: `${sBase}/data-providers`,
      headers: h,
      payload: { type: 'web_crawler', name: 'Loopback', crawler: { start_urls: [`${site.url}/`] } },
    });
    const id = created.json().id;
    const started = await strict.app.inject({ method: 'POST', url: `${sBase}/data-providers/${id}/sync`, headers: h });
    expect(started.statusCode).toBe(202);
    await strict.app.ctx.services.knowledge.waitForSync(strict.demo.project_id, id);
    const job = (await strict.app.inject({ method: 'GET', url: `${sBase}/data-providers/${id}/sync-jobs/${started.json().id}`, headers: h })).json();
    expect(job.status).toBe('failed');
    expect(job.failures[0].error).toMatch(/^blocked_address/);
    expect(site.requests.length).toBe(before);
  });
});

describe('crawler limits (config crawlLimits)', () => {
  let limited: TestApp;
  let s: TestSite;
  const lBase = () => `/v1/projects/${limited.demo.project_id}`;
  const h = () => ({ authorization: `Bearer ${limited.demo.api_key}` });
  const call = async (method: string, url: string, payload?: object) => {
    const res = await limited.app.inject({ method: method as 'GET', url: `${lBase()}${url}`, headers: h(), payload });
    return { status: res.statusCode, body: res.json() };
  };
  beforeAll(async () => {
    limited = await createTestApp({ crawlLimits: { concurrency: 2, timeoutMs: 2000, maxBytes: 20_000 } });
  });
  afterEach(async () => {
    await s?.close();
  });
  afterAll(() => limited.close());

  it('fetches at most `concurrency` pages at once, keeps to include patterns and reports progress while running', async () => {
    s = await startSite();
    const docs = [1, 2, 3, 4, 5, 6].map((n) => `/docs/${n}`);
    s.pages.set('/', html('Index', `<main><p>All guides.</p>${docs.map((d) => link(d)).join(' ')} ${link('/other/page')}</main>`));
    for (const d of docs) s.pages.set(d, html(`Guide ${d}`, `<main><p>Guide number ${d.slice(6)} explains one topic in detail.</p></main>`));
    s.pages.set('/other/page', html('Other', '<p>Outside the include patterns.</p>'));
    s.hold('/docs/*');

    const created = await call('POST', '/data-providers', {
      type: 'web_crawler',
      name: 'Guides',
      crawler: { start_urls: [`${s.url}/`], include_patterns: ['/docs/*'] },
    });
    const started = await call('POST', `/data-providers/${created.body.id}/sync`);
    expect(started.status).toBe(202);
    // The first two guides are in flight and held; the third cannot start before one finishes.
    await Promise.all([s.arrived('/docs/1'), s.arrived('/docs/2')]);
    const running = await call('GET', `/data-providers/${created.body.id}/sync-jobs/${started.body.id}`);
    expect(running.body.status).toBe('running');
    expect(running.body.progress).toMatchObject({ pages_found: 7, pages_fetched: 1, pages_failed: 0 });
    expect(s.requests.filter((r) => r.startsWith('/docs/'))).toEqual(['/docs/1', '/docs/2']);

    s.release();
    await limited.app.ctx.services.knowledge.waitForSync(limited.demo.project_id, created.body.id);
    const done = await call('GET', `/data-providers/${created.body.id}/sync-jobs/${started.body.id}`);
    expect(done.body).toMatchObject({ status: 'succeeded', progress: { pages_found: 7, pages_fetched: 7, sources_added: 7 } });
    expect(s.maxInFlight).toBe(2);
    expect(s.requests).not.toContain('/other/page');
  });

  it('stops at max_pages and records a timeout and an oversized page with their reasons', async () => {
    s = await startSite();
    s.pages.set('/', html('Index', `<main><p>Start.</p>${['/docs/slow', '/docs/big', '/docs/a', '/docs/b', '/docs/c'].map((d) => link(d)).join(' ')}</main>`));
    s.pages.set('/docs/slow', html('Slow', '<p>Never answers in time.</p>'));
    s.pages.set('/docs/big', html('Big', `<p>${'lorem ipsum '.repeat(3000)}</p>`));
    for (const d of ['a', 'b', 'c']) s.pages.set(`/docs/${d}`, html(`Page ${d}`, `<p>Plain page ${d} with some text.</p>`));
    s.hold('/docs/slow');

    const created = await call('POST', '/data-providers', {
      type: 'web_crawler',
      name: 'Limited',
      crawler: { start_urls: [`${s.url}/`], max_pages: 4 },
    });
    const started = await call('POST', `/data-providers/${created.body.id}/sync`);
    await limited.app.ctx.services.knowledge.waitForSync(limited.demo.project_id, created.body.id);
    const job = (await call('GET', `/data-providers/${created.body.id}/sync-jobs/${started.body.id}`)).body;
    expect(job.status).toBe('succeeded');
    expect(job.progress).toMatchObject({ pages_found: 6, pages_fetched: 2, pages_failed: 2 });
    expect(s.requests.filter((r) => r !== '/robots.txt')).toHaveLength(4);
    expect(s.requests).not.toContain('/docs/b');
    expect(s.requests).not.toContain('/docs/c');

    const failures = Object.fromEntries(job.failures.map((f: { url: string; error: string }) => [f.url.replace(s.url, ''), f.error]));
    expect(failures['/docs/slow']).toMatch(/^timeout: .*2000 ms/);
    expect(failures['/docs/big']).toMatch(/^too_large: .*20000 bytes/);
    const sources = (await call('GET', `/sources?data_provider_id=${created.body.id}&status=failed`)).body.data;
    expect(sources.map((x: { key: string; error: string }) => [x.key.replace(s.url, ''), x.error.split(':')[0]]).sort()).toEqual([
      ['/docs/big', 'too_large'],
      ['/docs/slow', 'timeout'],
    ]);
  });
});
