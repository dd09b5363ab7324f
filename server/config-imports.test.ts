// Configuration is read by every domain, so it must not depend on one: the crawl limits' defaults
// live in a neutral module (server/lib/crawl-limits.ts) that configuration and the crawler both read.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CRAWL_LIMITS as fromCrawler } from './domains/knowledge/crawler/crawler.js';
import { DEFAULT_CRAWL_LIMITS } from './lib/crawl-limits.js';

const specifiers = (source: string) => [...source.matchAll(/(?:from\s+|import\s*\(\s*)['"]([^'"]+)['"]/g)].map((m) => m[1]);

describe('configuration module', () => {
  it('imports nothing from the knowledge domain', () => {
    const imports = specifiers(readFileSync(new URL('./config.ts', import.meta.url), 'utf8'));
    expect(imports.filter((s) => s.includes('/domains/knowledge/'))).toEqual([]);
  });

  it('shares one set of crawl limit defaults with the crawler', () => {
    expect(fromCrawler).toBe(DEFAULT_CRAWL_LIMITS);
    expect(DEFAULT_CRAWL_LIMITS).toEqual({ concurrency: 4, timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024 });
  });
});
