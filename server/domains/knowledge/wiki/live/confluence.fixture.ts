// A local Confluence Cloud on 127.0.0.1 speaking the part of the REST API v2 the sync calls, shaped
// as Atlassian documents it:
//   GET /wiki/api/v2/spaces?keys=…         https://developer.atlassian.com/cloud/confluence/rest/v2/api-group-space/#api-spaces-get
//   GET /wiki/api/v2/spaces/{id}/pages     https://developer.atlassian.com/cloud/confluence/rest/v2/api-group-page/#api-spaces-id-pages-get
//   GET /wiki/api/v2/pages/{id}?body-format=storage
//                                          https://developer.atlassian.com/cloud/confluence/rest/v2/api-group-page/#api-pages-id-get
//   basic auth with e-mail and API token:  https://developer.atlassian.com/cloud/confluence/basic-auth-for-rest-apis/
//   cursor paging via _links.next:         https://developer.atlassian.com/cloud/confluence/rest/v2/intro/#using-pagination
// Pages are listed two per response, so the cursor is followed. A page marked `restricted` is listed
// but answers 403 to its body request (a restriction added after the listing, as Confluence does).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakePage {
  title: string;
  version: number;
  body: string;
  restricted?: boolean;
}

export interface FakeConfluence {
  url: string;
  pages: Map<string, FakePage>;
  /** Every body request, by page id. */
  bodyFetches: string[];
  close(): Promise<void>;
}

export const SPACE_KEY = 'DOCS';
const SPACE_ID = '98304';

export async function startFakeConfluence(email: string, token: string): Promise<FakeConfluence> {
  const pages = new Map<string, FakePage>();
  const bodyFetches: string[] = [];
  const expected = `Basic ${Buffer.from(`${email}:${token}`).toString('base64')}`;
  const server: Server = createServer((req, res) => {
    const json = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    if (req.headers.authorization !== expected) return json(401, { code: 401, message: 'Unauthorized; scope does not match' });
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/wiki/api/v2/spaces') {
      const results = url.searchParams.get('keys') === SPACE_KEY ? [{ id: SPACE_ID, key: SPACE_KEY, name: 'Documentation', type: 'global', status: 'current', homepageId: '1', _links: { webui: `/spaces/${SPACE_KEY}` } }] : [];
      return json(200, { results, _links: { base: `http://${req.headers.host}/wiki` } });
    }
    if (url.pathname === `/wiki/api/v2/spaces/${SPACE_ID}/pages`) {
      const all = [...pages.entries()];
      const from = Number(url.searchParams.get('cursor') ?? 0);
      const slice = all.slice(from, from + 2);
      const results = slice.map(([id, p]) => ({
        id, status: 'current', title: p.title, spaceId: SPACE_ID, parentId: '1', parentType: 'page', authorId: '5b10ac8d82e05b22cc7d4ef5', createdAt: '2026-01-01T10:00:00.000Z',
        version: { createdAt: '2026-11-01T10:00:00.000Z', message: '', number: p.version, minorEdit: false, authorId: '5b10ac8d82e05b22cc7d4ef5' },
        _links: { webui: `/spaces/${SPACE_KEY}/pages/${id}/${p.title.replace(/ /g, '+')}` },
      }));
      const next = from + 2 < all.length ? `/wiki/api/v2/spaces/${SPACE_ID}/pages?limit=250&status=current&cursor=${from + 2}` : undefined;
      return json(200, { results, _links: { ...(next ? { next } : {}), base: `http://${req.headers.host}/wiki` } });
    }
    const one = url.pathname.match(/^\/wiki\/api\/v2\/pages\/(\d+)$/);
    if (one) {
      bodyFetches.push(one[1]);
      const p = pages.get(one[1]);
      if (!p) return json(404, { errors: [{ status: 404, code: 'NOT_FOUND', title: 'Not Found', detail: null }] });
      if (p.restricted) return json(403, { errors: [{ status: 403, code: 'FORBIDDEN', title: 'Forbidden', detail: null }] });
      return json(200, {
        id: one[1], status: 'current', title: p.title, spaceId: SPACE_ID,
        version: { number: p.version, createdAt: '2026-11-01T10:00:00.000Z' },
        body: { storage: { representation: 'storage', value: p.body } },
        _links: { webui: `/spaces/${SPACE_KEY}/pages/${one[1]}` },
      });
    }
    json(404, { errors: [{ status: 404, code: 'NOT_FOUND', title: 'Not Found', detail: null }] });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    pages,
    bodyFetches,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
