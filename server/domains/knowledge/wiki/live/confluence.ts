// Confluence Cloud through its REST API v2 (docs/knowledge.md "Live wikis"), with basic auth of the
// account's e-mail and an API token, so only the pages that account may read are listed and fetched:
//   GET /wiki/api/v2/spaces?keys={key}                  the space's id
//   GET /wiki/api/v2/spaces/{id}/pages?limit=250        its pages with their version, cursor-paged (_links.next)
//   GET /wiki/api/v2/pages/{id}?body-format=storage     a page's body in the storage format (XHTML)
// A page answered 403 or 404 (restricted after it was listed, or deleted meanwhile) is not imported.
import { callJson, pageHtml, WikiHttpError, type CallOptions, type LiveWikiClient, type RemotePage } from './client.js';

export interface ConfluenceSettings {
  site: string;
  spaceKey: string;
  email: string;
  token: string;
}

export function confluenceClient(s: ConfluenceSettings, o: CallOptions): LiveWikiClient {
  const site = s.site.replace(/\/+$/, '').replace(/\/wiki$/, '');
  const headers = { authorization: `Basic ${Buffer.from(`${s.email}:${s.token}`).toString('base64')}` };
  const get = (path: string) => callJson(`${site}${path}`, { ...o, headers, label: 'Confluence' }).then((r) => r.body);

  return {
    async *list() {
      const spaces = await get(`/wiki/api/v2/spaces?keys=${encodeURIComponent(s.spaceKey)}`);
      const space = spaces?.results?.[0];
      if (!space?.id) throw new Error(`Confluence has no space ${s.spaceKey} this account can read`);
      let next: string | null = `/wiki/api/v2/spaces/${encodeURIComponent(String(space.id))}/pages?limit=250&status=current`;
      while (next) {
        const page = await get(next);
        for (const p of page?.results ?? []) {
          if (!p?.id) continue;
          const webui = typeof p._links?.webui === 'string' ? p._links.webui : null;
          yield {
            id: String(p.id), key: `confluence:${p.id}`, title: String(p.title ?? p.id),
            url: webui ? `${site}/wiki${webui}` : null,
            version: String(p.version?.number ?? p.version?.createdAt ?? ''),
          } satisfies RemotePage;
        }
        next = typeof page?._links?.next === 'string' ? page._links.next : null;
      }
    },

    async fetch(p) {
      try {
        const page = await get(`/wiki/api/v2/pages/${encodeURIComponent(p.id)}?body-format=storage`);
        return { kind: 'page', html: pageHtml(String(page?.title ?? p.title), String(page?.body?.storage?.value ?? '')) };
      } catch (err) {
        if (err instanceof WikiHttpError && (err.status === 403 || err.status === 404 || err.status === 401)) {
          return { kind: 'unreadable', reason: `Confluence answered HTTP ${err.status}: not readable by the configured account, not imported` };
        }
        throw err;
      }
    },
  };
}
