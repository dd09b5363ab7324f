// fetch_page (spec 2.9 "fetch web pages"): reads one public page through the SSRF-safe fetcher
// (lib/safe-fetch.ts: http(s) only, every address checked, bounded time and size) and keeps its
// readable content the way the crawler does (knowledge/parse-html.ts), in chunks that become
// numbered sources, capped so one page cannot flood the prompt.
import type { AgentTool } from '../provider.js';
import type { Passage } from '../../knowledge/types.js';
import { FetchError, safeFetch, type FetchErrorCode, type FetchPolicy } from '../../../lib/safe-fetch.js';
import { parseHtml } from '../../knowledge/parse-html.js';
import { parseMarkdown } from '../../knowledge/parse-markdown.js';
import { chunkDoc, type ParsedDoc } from '../../knowledge/chunker.js';
import { webSourceId } from './web-source.js';
import { ToolFailure } from './failure.js';

/** Said to the model; the fetcher's own messages name server settings (ALLOW_PRIVATE_FETCH). */
const WHY: Record<FetchErrorCode, string> = {
  bad_url: 'only complete http and https URLs without credentials are read',
  blocked_address: 'it is on a private or reserved address; only public pages are read',
  timeout: 'it did not answer in time',
  too_large: 'the page is too large',
  too_many_redirects: 'it redirects too often',
  network: 'the site is unreachable',
  aborted: 'the fetch was cancelled',
};

/** Characters of page text given to the model. */
export const PAGE_TEXT_CHARS = 6000;

export interface FetchPageConfig {
  policy: FetchPolicy;
  timeoutMs?: number;
  maxBytes?: number;
}

function docOf(type: string, text: string, url: string): ParsedDoc | null {
  if (type === 'text/html' || type === 'application/xhtml+xml' || (!type && /^\s*</.test(text))) return parseHtml(text, url).doc;
  if (type === 'text/markdown' || type === 'text/x-markdown' || type === 'text/plain') {
    return parseMarkdown(text, decodeURIComponent(new URL(url).pathname.split('/').pop() || url));
  }
  return null;
}

/** The page's chunks in reading order until PAGE_TEXT_CHARS; the last one cut with an ellipsis. */
export function pagePassages(doc: ParsedDoc, url: string): Passage[] {
  const passages: Passage[] = [];
  let left = PAGE_TEXT_CHARS;
  for (const chunk of chunkDoc(doc)) {
    if (left <= 0) break;
    const text = chunk.text.length > left ? `${chunk.text.slice(0, left)}…` : chunk.text;
    left -= chunk.text.length;
    passages.push({
      chunk_id: `${webSourceId(url)}#${passages.length}`,
      source_id: webSourceId(url),
      title: doc.title,
      url,
      headings: chunk.headings,
      text,
      score: 1,
      ...(chunk.anchor ? { anchor: chunk.anchor } : {}),
    });
  }
  return passages;
}

export function fetchPageTool(config: FetchPageConfig): AgentTool {
  return {
    name: 'fetch_page',
    description: 'Read a public web page (http or https) and get its main text as numbered sources, e.g. a result of search_web or a link the user sent.',
    parameters: {
      type: 'object',
      properties: { url: { type: 'string', description: 'The full http(s) URL of the page' } },
      required: ['url'],
      additionalProperties: false,
    },
    async run(args, signal) {
      const url = typeof args.url === 'string' ? args.url.trim() : '';
      if (!url) return { content: 'url must be a non-empty http(s) URL' };
      const res = await safeFetch(url, {
        policy: config.policy,
        timeoutMs: config.timeoutMs ?? 10_000,
        maxBytes: config.maxBytes ?? 2 * 1024 * 1024,
        headers: { accept: 'text/html,application/xhtml+xml,text/markdown,text/plain;q=0.8' },
        ...(signal ? { signal } : {}),
      }).catch((err: unknown) => {
        if (signal?.aborted || !(err instanceof FetchError)) throw err;
        throw new ToolFailure(`could not read ${url}: ${WHY[err.code]}`);
      });
      if (res.status >= 400) return { content: `The page ${url} answered with HTTP ${res.status}; it could not be read.` };
      if (res.status >= 300) return { content: `The page ${url} redirected (HTTP ${res.status}) without a usable location.` };
      const type = String(res.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
      const doc = docOf(type, res.body.toString('utf8'), res.url);
      if (!doc) return { content: `The page ${url} is ${type || 'of an unknown type'}, not a readable text page.` };
      const passages = pagePassages(doc, res.url);
      if (!passages.length) return { content: `The page ${res.url} has no readable text.` };
      return { content: `The page ${res.url} ("${doc.title}"):`, passages };
    },
  };
}
