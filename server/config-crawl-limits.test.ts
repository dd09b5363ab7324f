// Crawl limits from the environment: CRAWL_CONCURRENCY, CRAWL_TIMEOUT_MS and
// CRAWL_MAX_PAGE_BYTES are validated by loadConfig and reach the crawler of a real app crawling a real
// site on 127.0.0.1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { DEFAULT_CRAWL_LIMITS } from './domains/knowledge/crawler/crawler.js';
import { createTestApp, type TestApp } from './testing/test-app.js';
import { html, startSite, type TestSite } from './domains/knowledge/testing/site.js';

describe('crawl limits config', () => {
  it('leaves the crawler defaults alone when unset and takes each variable that is set', () => {
    expect(loadConfig({}).crawlLimits).toBeUndefined();
    expect(loadConfig({ CRAWL_CONCURRENCY: '', CRAWL_TIMEOUT_MS: ' ' }).crawlLimits).toBeUndefined();
    expect(loadConfig({ CRAWL_CONCURRENCY: '8', CRAWL_TIMEOUT_MS: '30000', CRAWL_MAX_PAGE_BYTES: '5242880' }).crawlLimits).toEqual({
      concurrency: 8,
      timeoutMs: 30_000,
      maxBytes: 5_242_880,
    });
    // One variable set: only that field, so the other two keep DEFAULT_CRAWL_LIMITS.
    expect(loadConfig({ CRAWL_TIMEOUT_MS: '2500' }).crawlLimits).toStrictEqual({ timeoutMs: 2500 });
    expect(DEFAULT_CRAWL_LIMITS).toEqual({ concurrency: 4, timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024 });
  });

  it.each([
    ['CRAWL_CONCURRENCY', 'four'],
    ['CRAWL_CONCURRENCY', '0'],
    ['CRAWL_CONCURRENCY', '33'],
    ['CRAWL_CONCURRENCY', '2.5'],
    ['CRAWL_TIMEOUT_MS', '-1'],
    ['CRAWL_TIMEOUT_MS', '99'],
    ['CRAWL_TIMEOUT_MS', '1e4'],
    ['CRAWL_MAX_PAGE_BYTES', '2MB'],
    ['CRAWL_MAX_PAGE_BYTES', '100'],
    ['CRAWL_MAX_PAGE_BYTES', String(64 * 1024 * 1024 + 1)],
  ])('refuses %s=%s with a ConfigError naming the variable and the allowed range', (name, value) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe(name);
    expect((error as Error).message).toMatch(new RegExp(`^${name}: must be a whole number from \\d+ to \\d+, got "${value.replace('.', '\\.')}"$`));
  });
});

describe('crawl limits from the environment reach the crawler', () => {
  let t: TestApp;
  let s: TestSite;
  beforeAll(async () => {
    const env = { CRAWL_CONCURRENCY: '1', CRAWL_TIMEOUT_MS: '1000', CRAWL_MAX_PAGE_BYTES: '4096' };
    t = await createTestApp({ crawlLimits: loadConfig(env).crawlLimits });
    s = await startSite();
  });
  afterAll(async () => {
    s.release();
    await s.close();
    await t.close();
  });

  it('fetches one page at a time, times out after CRAWL_TIMEOUT_MS and refuses pages over CRAWL_MAX_PAGE_BYTES', async () => {
    const links = ['/docs/a', '/docs/big', '/docs/slow', '/docs/b'].map((d) => `<a href="${d}">${d}</a>`).join(' ');
    s.pages.set('/', html('Index', `<main><p>All guides.</p>${links}</main>`));
    s.pages.set('/docs/a', html('A', '<main><p>Guide A explains the first topic.</p></main>'));
    s.pages.set('/docs/b', html('B', '<main><p>Guide B explains the second topic.</p></main>'));
    s.pages.set('/docs/big', html('Big', `<main><p>${'lorem ipsum '.repeat(1000)}</p></main>`));
    s.pages.set('/docs/slow', html('Slow', '<main><p>Never answers in time.</p></main>'));
    s.hold('/docs/slow');

    const { knowledge } = t.app.ctx.services;
    const projectId = t.demo.project_id;
    const provider = await knowledge.createProvider(projectId, { type: 'web_crawler', name: 'Env limits', crawler: { start_urls: [`${s.url}/`] } });
    const started = await knowledge.startSync(projectId, provider.id);
    await knowledge.waitForSync(projectId, provider.id);
    const job = await knowledge.getSyncJob(projectId, provider.id, started.id);

    expect(job.status).toBe('succeeded');
    expect(s.maxInFlight).toBe(1);
    const failures = Object.fromEntries(job.failures.map((f) => [f.url.replace(s.url, ''), f.error]));
    expect(failures['/docs/big']).toMatch(/^too_large: .*4096 bytes/);
    expect(failures['/docs/slow']).toMatch(/^timeout: .*1000 ms/);
    expect(job.progress).toMatchObject({ pages_fetched: 3, pages_failed: 2 });
  });
});
