// One sync of a live wiki (docs/knowledge.md "Live wikis"): every page the account can list is
// seen; a page whose version equals the one stored on its source is not fetched again; a changed or
// new page is fetched and ingested with its version; a page the account cannot read is skipped and
// not imported. What the listing no longer has is removed by the caller (sync.ts), as for every
// provider; a listing that fails throws, so an outage or a revoked token never wipes the knowledge.
import type { DataProvider, Source } from '../../schemas.js';
import type { PageInput } from '../../ingest.js';
import { parseHtml } from '../../parse-html.js';
import { describeError } from '../../crawler/crawler.js';
import type { CallOptions, LiveWikiClient } from './client.js';
import { confluenceClient } from './confluence.js';
import { mediaWikiClient } from './mediawiki.js';

export interface LiveSyncSteps {
  found(): void;
  unchanged(key: string): void;
  page(page: PageInput): Promise<void>;
  failure(key: string, url: string | null, error: string): Promise<void>;
  unreadable(key: string, url: string | null, reason: string): void;
}

export function liveWikiClient(provider: DataProvider, openSecret: (sealed: string) => string, o: CallOptions): LiveWikiClient {
  const s = provider.live_wiki;
  if (!s) throw new Error('The live wiki has no settings');
  const secret = s.secret ? openSecret(s.secret) : null;
  if (provider.type === 'confluence') {
    return confluenceClient({ site: s.site_url, spaceKey: s.space_key ?? '', email: s.username ?? '', token: secret ?? '' }, o);
  }
  return mediaWikiClient({ api: s.site_url, namespace: s.namespace ?? 0, username: s.username, password: secret }, o);
}

export async function syncLiveWiki(client: LiveWikiClient, existing: Map<string, Source>, signal: AbortSignal, steps: LiveSyncSteps): Promise<void> {
  for await (const remote of client.list()) {
    if (signal.aborted) return;
    steps.found();
    const stored = existing.get(remote.key);
    if (stored?.status === 'indexed' && remote.version && stored.remote_version === remote.version) {
      steps.unchanged(remote.key);
      continue;
    }
    try {
      const got = await client.fetch(remote);
      if (got.kind === 'unreadable') {
        steps.unreadable(remote.key, remote.url, got.reason);
        continue;
      }
      const { doc } = parseHtml(got.html, remote.url ?? 'https://wiki.invalid/', remote.title);
      await steps.page({ key: remote.key, kind: 'wiki_page', title: doc.title || remote.title, url: remote.url, doc, version: remote.version });
    } catch (err) {
      await steps.failure(remote.key, remote.url, describeError(err));
    }
  }
}
