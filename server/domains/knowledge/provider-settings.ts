// Validation of provider settings beyond their schema: absolute http(s) URLs, usable patterns, and
// wiki folders confined to the configured import roots (an API key must not read arbitrary server
// paths such as /etc).
import { isAbsolute, join, relative, resolve } from 'node:path';
import type { Config } from '../../config.js';
import { invalid } from '../../errors.js';
import type { CrawlerSettings, WikiSettings } from './schemas.js';

export const DEFAULT_CRAWLER: CrawlerSettings = {
  start_urls: [],
  sitemap_url: null,
  include_patterns: [],
  exclude_patterns: [],
  max_depth: 3,
  max_pages: 200,
};

function httpUrl(value: string, path: string): string {
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    throw invalid(`${path} must be an absolute URL`, [{ path, message: 'must be an absolute http(s) URL' }]);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') {
    throw invalid(`${path} must use http or https`, [{ path, message: 'must use http or https' }]);
  }
  u.hash = '';
  return u.href;
}

/** `*` matches any run of characters; everything else is literal. Patterns test path + query. */
export function patternToRegExp(pattern: string): RegExp {
  const body = pattern.split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*');
  return new RegExp(`^${body}${pattern.endsWith('*') ? '' : '$'}`);
}

export function validateCrawlerSettings(s: CrawlerSettings): CrawlerSettings {
  const start_urls = s.start_urls.map((u, i) => httpUrl(u, `crawler.start_urls.${i}`));
  const sitemap_url = s.sitemap_url ? httpUrl(s.sitemap_url, 'crawler.sitemap_url') : null;
  if (start_urls.length === 0 && !sitemap_url) {
    throw invalid('A web crawler needs start_urls or a sitemap_url', [{ path: 'crawler.start_urls', message: 'give at least one URL or a sitemap_url' }]);
  }
  for (const [field, list] of [['include_patterns', s.include_patterns], ['exclude_patterns', s.exclude_patterns]] as const) {
    list.forEach((p, i) => {
      if (!p.startsWith('/') && !p.startsWith('*')) {
        throw invalid(`crawler.${field}.${i} must start with / or *`, [{ path: `crawler.${field}.${i}`, message: 'must start with / or * (it matches the URL path)' }]);
      }
    });
  }
  return { ...s, start_urls, sitemap_url };
}

export function importRoots(config: Pick<Config, 'dataDir'> & { wikiImportDirs?: string[] }): string[] {
  return [join(config.dataDir, 'imports'), ...(config.wikiImportDirs ?? [])].map((p) => resolve(p));
}

export function insideRoots(path: string, roots: string[]): boolean {
  return roots.some((root) => {
    const rel = relative(root, path);
    return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
  });
}

export function validateWikiSettings(
  s: WikiSettings,
  config: Pick<Config, 'dataDir'> & { wikiImportDirs?: string[] },
): WikiSettings {
  let folder_path = s.folder_path;
  if (folder_path) {
    if (!isAbsolute(folder_path)) throw invalid('wiki.folder_path must be absolute', [{ path: 'wiki.folder_path', message: 'must be an absolute path' }]);
    folder_path = resolve(folder_path);
    const roots = importRoots(config);
    if (!insideRoots(folder_path, roots)) {
      throw invalid('wiki.folder_path is outside the allowed import folders', [
        { path: 'wiki.folder_path', message: `must be inside one of: ${roots.join(', ')} (config WIKI_IMPORT_DIRS)` },
      ]);
    }
  }
  const base_url = s.base_url ? httpUrl(s.base_url.endsWith('/') ? s.base_url : `${s.base_url}/`, 'wiki.base_url') : null;
  return { folder_path, base_url, archive_name: s.archive_name ?? null };
}
