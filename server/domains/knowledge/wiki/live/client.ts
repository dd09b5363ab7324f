// What a live wiki looks like to the sync (docs/knowledge.md "Live wikis"): a listing of the pages
// the configured account can see, each with the version the wiki gives it, and the page's HTML on
// request. A page the account may not read is `unreadable` and is not imported; any other failure
// throws (the sync records it as a failed page, or fails the job when the listing itself failed).
import { FetchError, safeFetch, type FetchPolicy } from '../../../../lib/safe-fetch.js';

export interface RemotePage {
  /** The wiki's own id of the page. */
  id: string;
  /** The source key: stable across renames and syncs (`confluence:{id}`, `mediawiki:{pageid}`). */
  key: string;
  title: string;
  url: string | null;
  /** Changes whenever the page does (Confluence version number, MediaWiki last revision id). */
  version: string;
}

export type Fetched = { kind: 'page'; html: string } | { kind: 'unreadable'; reason: string };

export interface LiveWikiClient {
  list(): AsyncGenerator<RemotePage>;
  fetch(page: RemotePage): Promise<Fetched>;
}

export interface CallOptions {
  policy: FetchPolicy;
  signal: AbortSignal;
}

export class WikiHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * One API call: the configured credentials go only to the configured site, so a redirect is not
 * followed (it could carry them elsewhere). JSON in, JSON out.
 */
export async function callJson(url: string, o: CallOptions & { headers: Record<string, string>; method?: 'GET' | 'POST'; body?: string; label: string }): Promise<{ body: any; headers: Record<string, string | string[] | undefined> }> {
  let res;
  try {
    res = await safeFetch(url, { policy: o.policy, signal: o.signal, headers: { accept: 'application/json', ...o.headers }, maxRedirects: 0, timeoutMs: 20_000, maxBytes: 20 * 1024 * 1024, method: o.method, body: o.body });
  } catch (err) {
    throw new Error(`${o.label} could not be reached: ${err instanceof FetchError ? err.message : (err as Error).message}`);
  }
  if (res.status >= 300) throw new WikiHttpError(res.status, `${o.label} answered HTTP ${res.status}`);
  try {
    return { body: JSON.parse(res.body.toString('utf8')), headers: res.headers };
  } catch {
    throw new Error(`${o.label} did not answer JSON`);
  }
}

/** An HTML page around a wiki's body, so the HTML parser finds its title and sections. */
export const pageHtml = (title: string, body: string) => `<!doctype html><html><head><title>${title.replace(/</g, '&lt;')}</title></head><body><main><h1>${title.replace(/</g, '&lt;')}</h1>${body}</main></body></html>`;
