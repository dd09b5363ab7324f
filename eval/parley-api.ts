// The eval's client of Parley's /v1 API (docs/api.md, docs/knowledge.md): imports documentation
// through a data provider and asks questions with POST …/conversations + …/generate, over real HTTP.
import type { Reply } from './scoring.js';

interface SyncJob {
  id: string;
  status: 'running' | 'succeeded' | 'failed' | 'cancelled';
  progress: Record<string, number>;
  failures: { url?: string; path?: string; reason?: string; error?: string }[];
}

export interface GenerateResult {
  reply: Reply & { message: { content: string } };
  ms: number;
}

export function parleyApi(baseUrl: string, apiKey: string, projectId: string) {
  const project = `${baseUrl}/v1/projects/${projectId}`;

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const res = await fetch(`${project}${path}`, {
        method,
        headers: { authorization: `Bearer ${apiKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      // The eval's organization has generous limits; a 429 still waits as the API asks (docs/api.md).
      if (res.status === 429 && attempt < 5) {
        await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get('retry-after') ?? 1)));
        continue;
      }
      if (!res.ok) throw new Error(`${method} ${path} → ${res.status}: ${text.slice(0, 500)}`);
      return (text ? JSON.parse(text) : undefined) as T;
    }
  }

  /** Starts a sync and polls it until it ends; throws unless it succeeded. */
  async function sync(providerId: string, timeoutMs: number): Promise<SyncJob> {
    let job = await call<SyncJob>('POST', `/data-providers/${providerId}/sync`);
    const deadline = Date.now() + timeoutMs;
    while (job.status === 'running') {
      if (Date.now() > deadline) throw new Error(`sync of ${providerId} still running after ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 250));
      job = await call<SyncJob>('GET', `/data-providers/${providerId}/sync-jobs/${job.id}`);
    }
    if (job.status !== 'succeeded') throw new Error(`sync ${job.status}: ${JSON.stringify(job).slice(0, 1000)}`);
    return job;
  }

  return {
    /** A web crawler provider reading exactly the pages of a sitemap (no link following). */
    createCrawler: (name: string, sitemapUrl: string, pathPattern: string) =>
      call<{ id: string }>('POST', '/data-providers', {
        type: 'web_crawler',
        name,
        crawler: { start_urls: [], sitemap_url: sitemapUrl, include_patterns: [pathPattern], exclude_patterns: [], max_depth: 0, max_pages: 5000 },
      }),
    /** A wiki provider over a folder inside the server's allowed import folders. */
    createWiki: (name: string, folder: string, publicBaseUrl: string) =>
      call<{ id: string }>('POST', '/data-providers', { type: 'wiki', name, wiki: { folder_path: folder, base_url: publicBaseUrl } }),
    sync,
    startConversation: (userId: string, message: string) => call<{ id: string }>('POST', '/conversations', { user_id: userId, message }),
    async generate(conversationId: string): Promise<GenerateResult> {
      const started = performance.now();
      const reply = await call<GenerateResult['reply']>('POST', `/conversations/${conversationId}/generate`);
      return { reply, ms: performance.now() - started };
    },
    /** What retrieval returns for the question alone (GET …/knowledge/search). */
    search: async (query: string, limit: number) =>
      (await call<{ data: { url: string | null }[] }>('GET', `/knowledge/search?query=${encodeURIComponent(query)}&limit=${limit}`)).data,
  };
}
