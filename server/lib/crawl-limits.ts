// Operator limits of every crawl (spec 2.11 crawler). A neutral module: configuration (server/config.ts,
// CRAWL_* variables) and the crawler both read it, so configuration does not depend on a domain.

export interface CrawlLimits {
  /** Pages fetched at the same time. */
  concurrency: number;
  /** Whole exchange per fetch (page, robots.txt, sitemap), redirects included. */
  timeoutMs: number;
  /** Largest page body, after decompression. */
  maxBytes: number;
}

/** The defaults suit public websites; config's `crawlLimits` overrides each field that is set. */
export const DEFAULT_CRAWL_LIMITS: CrawlLimits = { concurrency: 4, timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024 };
