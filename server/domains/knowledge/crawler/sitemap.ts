// Sitemaps (sitemaps.org): <urlset> entries, and <sitemapindex> pointing at more sitemaps (followed
// one level deep, at most 20). Parsed by pattern on <loc>, which is all the format needs here.
import { safeFetch, type SafeFetchOptions } from '../../../lib/safe-fetch.js';
import { FetchError } from '../../../lib/safe-fetch.js';

const LOC = /<loc>\s*(?:<!\[CDATA\[)?\s*([^<\]]+?)\s*(?:\]\]>)?\s*<\/loc>/gi;

const decode = (s: string) => s.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'");

async function fetchXml(url: string, opts: SafeFetchOptions): Promise<string> {
  const res = await safeFetch(url, { ...opts, maxBytes: 10 * 1024 * 1024 });
  if (res.status >= 400) throw new FetchError('network', `Sitemap ${url}: HTTP ${res.status}`);
  return res.body.toString('utf8');
}

function locs(xml: string): string[] {
  return [...xml.matchAll(LOC)].map((m) => decode(m[1]));
}

/** URLs listed by the sitemap (and its child sitemaps) that pass `inScope`. Throws when the root fails. */
export async function readSitemap(url: string, opts: SafeFetchOptions, inScope: (url: string) => boolean): Promise<string[]> {
  const xml = await fetchXml(url, opts);
  if (!/<sitemapindex[\s>]/i.test(xml)) return locs(xml).filter(safeScope(inScope));
  const out: string[] = [];
  for (const child of locs(xml).filter(safeScope(inScope)).slice(0, 20)) {
    try {
      out.push(...locs(await fetchXml(child, opts)).filter(safeScope(inScope)));
    } catch {
      // One broken child sitemap does not sink the others.
    }
  }
  return out;
}

const safeScope = (inScope: (url: string) => boolean) => (u: string) => {
  try {
    return inScope(u);
  } catch {
    return false;
  }
};
