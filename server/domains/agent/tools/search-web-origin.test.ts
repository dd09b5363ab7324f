// search_web trusts exactly the configured provider's origin (docs/behaviour.md "Toolboxes and web
// tools"), with private fetches off as in production: a provider on 127.0.0.1 that
// redirects to another port of 127.0.0.1 (here a stand-in for an internal service) is refused at
// that hop, while a redirect within its own origin is followed. Real sockets on 127.0.0.1.
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchWebTool } from './search-web.js';

const servers: Server[] = [];
async function serve(handler: RequestListener): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Requests the internal service received: any one is a leak. */
const internalHits: string[] = [];
let internal: string;
let provider: string;

beforeAll(async () => {
  internal = await serve((req, res) => {
    internalHits.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ results: [{ url: 'https://internal.example/secret', title: 'secret', content: 'internal data' }] }));
  });
  provider = await serve((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/search') return res.writeHead(302, { location: `${internal}/search${url.search}` }).end();
    if (url.pathname === '/moved') return res.writeHead(301, { location: `/results${url.search}` }).end();
    if (url.pathname === '/results') {
      return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ results: [{ url: 'https://example.com/a', title: 'A', content: `about ${url.searchParams.get('q')}` }] }));
    }
    res.writeHead(404).end();
  });
});
afterAll(async () => {
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

describe('search_web provider origin', () => {
  it('refuses a redirect to another port of the provider host, and follows one within its origin', async () => {
    const hopping = searchWebTool({ url: `${provider}/search`, policy: { allowPrivate: false } });
    await expect(hopping.run({ query: 'refund policy' })).rejects.toThrow('the search provider is unreachable');
    expect(internalHits).toEqual([]);

    const moving = searchWebTool({ url: `${provider}/moved?categories=general`, policy: { allowPrivate: false } });
    const found = await moving.run({ query: 'refund policy' });
    expect(found.passages?.map((p) => p.text)).toEqual(['about refund policy']);
  });
});
