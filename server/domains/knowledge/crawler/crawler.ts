// The web crawler: start URLs and/or a sitemap, same-site scope, include/exclude
// patterns, depth and page limits, robots.txt honoured, bounded concurrency; every fetch goes
// through safeFetch (SSRF checks, timeout, size cap). Pages are identified by their canonical URL
// (same site only) so two addresses of one page never become two sources.
import type { CrawlerSettings } from '../schemas.js';
import type { ParsedDoc } from '../chunker.js';
import { FetchError, safeFetch, type FetchPolicy } from '../../../lib/safe-fetch.js';
import { patternToRegExp } from '../provider-settings.js';
import { parseHtml } from '../parse-html.js';
import { parseMarkdown } from '../parse-markdown.js';
import { createRobots } from './robots.js';
import { readSitemap } from './sitemap.js';

import { DEFAULT_CRAWL_LIMITS, type CrawlLimits } from '../../../lib/crawl-limits.js';

export { DEFAULT_CRAWL_LIMITS, type CrawlLimits };

export interface CrawlOptions extends Partial<CrawlLimits> {
  policy: FetchPolicy;
  signal: AbortSignal;
}

export interface CrawledPage {
  /** Canonical (or final) URL: the source key. */
  url: string;
  doc: ParsedDoc;
}

export interface CrawlEvents {
  found(count: number): void;
  page(page: CrawledPage): Promise<void>;
  failure(url: string, error: string): Promise<void>;
}

const BINARY = /\.(png|jpe?g|gif|webp|svg|ico|bmp|pdf|zip|gz|tgz|tar|rar|7z|exe|dmg|iso|mp[34]|m4a|wav|ogg|webm|mov|avi|woff2?|ttf|eot|css|js|mjs|json|xml|rss|atom)$/i;

export function normalizeUrl(raw: string): string {
  const u = new URL(raw);
  u.hash = '';
  u.hostname = u.hostname.toLowerCase();
  return u.href;
}

export function describeError(err: unknown): string {
  if (err instanceof FetchError) return `${err.code}: ${err.message}`;
  return (err as Error).message || String(err);
}

export async function crawl(settings: CrawlerSettings, options: CrawlOptions, events: CrawlEvents): Promise<void> {
  const concurrency = options.concurrency ?? DEFAULT_CRAWL_LIMITS.concurrency;
  const timeoutMs = options.timeoutMs ?? DEFAULT_CRAWL_LIMITS.timeoutMs;
  const maxBytes = options.maxBytes ?? DEFAULT_CRAWL_LIMITS.maxBytes;
  const fetchOpts = { policy: options.policy, signal: options.signal, timeoutMs, maxBytes };
  const hosts = new Set([...settings.start_urls, ...(settings.sitemap_url ? [settings.sitemap_url] : [])].map((u) => new URL(u).host.toLowerCase()));
  const include = settings.include_patterns.map(patternToRegExp);
  const exclude = settings.exclude_patterns.map(patternToRegExp);
  const robots = createRobots(fetchOpts);

  const inScope = (url: string, isStart = false): boolean => {
    const u = new URL(url);
    if (!hosts.has(u.host.toLowerCase())) return false;
    if (BINARY.test(u.pathname) && !isStart) return false;
    const path = u.pathname + u.search;
    if (exclude.some((r) => r.test(path))) return false;
    return isStart || include.length === 0 || include.some((r) => r.test(path));
  };

  const seen = new Set<string>();
  const queue: { url: string; depth: number }[] = [];
  const enqueue = (raw: string, depth: number, isStart = false) => {
    let url: string;
    try {
      url = normalizeUrl(raw);
    } catch {
      return;
    }
    if (seen.has(url) || !inScope(url, isStart)) return;
    seen.add(url);
    queue.push({ url, depth });
    events.found(1);
  };

  for (const u of settings.start_urls) enqueue(u, 0, true);
  if (settings.sitemap_url) {
    const urls = await readSitemap(settings.sitemap_url, fetchOpts, (u) => hosts.has(new URL(u).host.toLowerCase()));
    for (const u of urls) enqueue(u, 0);
  }

  const keys = new Set<string>();
  let attempted = 0;

  async function visit(item: { url: string; depth: number }): Promise<void> {
    if (!(await robots.allowed(item.url))) return;
    let res;
    try {
      res = await safeFetch(item.url, { ...fetchOpts, headers: { accept: 'text/html,application/xhtml+xml,text/markdown,text/plain;q=0.8' } });
    } catch (err) {
      if (options.signal.aborted) return;
      return events.failure(item.url, describeError(err));
    }
    if (res.status >= 400) return events.failure(item.url, `HTTP ${res.status}`);
    if (res.status >= 300) return events.failure(item.url, `HTTP ${res.status} without a usable Location`);
    const finalUrl = normalizeUrl(res.url);
    if (finalUrl !== item.url) {
      if (!inScope(finalUrl, true)) return events.failure(item.url, `Redirected outside the crawl scope to ${finalUrl}`);
      if (seen.has(finalUrl) && keys.has(finalUrl)) return;
      seen.add(finalUrl);
    }
    const type = String(res.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    const text = res.body.toString('utf8');
    if (type === 'text/html' || type === 'application/xhtml+xml' || (!type && /^\s*</.test(text))) {
      const page = parseHtml(text, finalUrl);
      if (!page.nofollow && item.depth < settings.max_depth) for (const link of page.links) enqueue(link, item.depth + 1);
      if (page.noindex) return;
      let key = finalUrl;
      if (page.canonical && hosts.has(new URL(page.canonical).host.toLowerCase())) {
        key = normalizeUrl(page.canonical);
        seen.add(key);
      }
      if (keys.has(key)) return;
      keys.add(key);
      return events.page({ url: key, doc: page.doc });
    }
    if (type === 'text/markdown' || type === 'text/x-markdown' || type === 'text/plain') {
      if (keys.has(finalUrl)) return;
      keys.add(finalUrl);
      const name = decodeURIComponent(new URL(finalUrl).pathname.split('/').pop() || finalUrl);
      return events.page({ url: finalUrl, doc: parseMarkdown(text, name) });
    }
    return events.failure(item.url, `Unsupported content type ${type || '(none)'}`);
  }

  const active = new Set<Promise<void>>();
  while (!options.signal.aborted) {
    while (active.size < concurrency && queue.length > 0 && attempted < settings.max_pages) {
      const item = queue.shift()!;
      attempted++;
      const p: Promise<void> = visit(item)
        .catch((err) => events.failure(item.url, describeError(err)).catch(() => {}))
        .finally(() => active.delete(p));
      active.add(p);
    }
    if (active.size === 0) break;
    await Promise.race(active);
  }
  await Promise.allSettled(active);
}
