// search_web (spec 2.9 built-in tool): web search through a SearXNG-compatible JSON API
// (WEB_SEARCH_URL; GET <url>?q=…&format=json → {results: [{url, title, content}]}). The results
// reach the model as numbered sources, so the reply cites them like knowledge (spec 2.11).
import type { AgentTool } from '../provider.js';
import type { Passage } from '../../knowledge/types.js';
import { FetchError, safeFetch, type FetchPolicy } from '../../../lib/safe-fetch.js';
import { webSourceId } from './web-source.js';
import { ToolFailure } from './failure.js';

/** Results handed to the model: enough to choose from, few enough to keep the prompt small. */
export const WEB_RESULTS = 5;
const SNIPPET_CHARS = 600;

export interface WebSearchConfig {
  /** The provider's search endpoint, e.g. http://127.0.0.1:8888/search. */
  url: string;
  /** The crawler's policy; the configured provider's own origin is trusted (a local SearXNG is the usual setup). */
  policy: FetchPolicy;
  timeoutMs?: number;
}

interface RawResult {
  url?: unknown;
  title?: unknown;
  content?: unknown;
}

/** The usable results of a provider answer: http(s) URLs with some text, first occurrence of each URL. */
export function readResults(body: unknown): Passage[] {
  const results = (body as { results?: unknown } | null)?.results;
  if (!Array.isArray(results)) throw new ToolFailure('the search provider answered without a results list');
  const seen = new Set<string>();
  const passages: Passage[] = [];
  for (const r of results as RawResult[]) {
    if (passages.length >= WEB_RESULTS) break;
    if (!r || typeof r.url !== 'string' || !/^https?:\/\//i.test(r.url) || seen.has(r.url)) continue;
    const title = typeof r.title === 'string' && r.title.trim() ? r.title.trim() : r.url;
    const content = typeof r.content === 'string' ? r.content.replace(/\s+/g, ' ').trim().slice(0, SNIPPET_CHARS) : '';
    seen.add(r.url);
    passages.push({ chunk_id: webSourceId(r.url), source_id: webSourceId(r.url), title, url: r.url, headings: [], text: content || title, score: 1 - passages.length / 100 });
  }
  return passages;
}

export function searchWebTool(config: WebSearchConfig): AgentTool {
  // Exactly the configured origin is trusted, not its host on every port: a provider that redirects to
  // 127.0.0.1:6379 or another port of its host gets that hop checked like any URL (docs/behaviour.md
  // "Toolboxes and web tools").
  const policy: FetchPolicy = { ...config.policy, allowOrigins: [...(config.policy.allowOrigins ?? []), new URL(config.url).origin] };
  return {
    name: 'search_web',
    description:
      'Search the web for current or public information the knowledge base does not have (news, third-party products, public facts). Returns result snippets as numbered sources; read a result in full with fetch_page when it is offered.',
    parameters: {
      type: 'object',
      properties: { query: { type: 'string', description: 'Search terms, as you would type them into a search engine' } },
      required: ['query'],
      additionalProperties: false,
    },
    async run(args, signal) {
      const query = typeof args.query === 'string' ? args.query.trim().slice(0, 400) : '';
      if (!query) return { content: 'query must be a non-empty string' };
      const target = new URL(config.url);
      target.searchParams.set('q', query);
      target.searchParams.set('format', 'json');
      const res = await safeFetch(target.href, {
        policy,
        timeoutMs: config.timeoutMs ?? 10_000,
        maxBytes: 2 * 1024 * 1024,
        headers: { accept: 'application/json' },
        ...(signal ? { signal } : {}),
      }).catch((err: unknown) => {
        if (signal?.aborted || !(err instanceof FetchError)) throw err;
        // The provider's address is the operator's business, not the model's.
        throw new ToolFailure(err.code === 'timeout' ? 'the search provider did not answer in time' : 'the search provider is unreachable');
      });
      if (res.status !== 200) throw new ToolFailure(`the search provider answered with status ${res.status}`);
      let body: unknown;
      try {
        body = JSON.parse(res.body.toString('utf8'));
      } catch {
        throw new ToolFailure('the search provider did not answer with JSON');
      }
      const passages = readResults(body);
      return passages.length ? { content: `Web results for "${query}":`, passages } : { content: `No web results for "${query}".` };
    },
  };
}
