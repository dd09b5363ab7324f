// A scripted SearXNG-compatible search server and a small web site on 127.0.0.1, for tests of the web
// tools (docs/architecture.md section 9: fakes only at the edges). GET /search?q=…&format=json answers
// SearXNG's JSON shape with results that link to this server's pages; `mode` makes it fail like a
// real provider can: answer 500, or drop every connection (down). Requests are recorded.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ScriptedWeb {
  base: string;
  /** The search endpoint, as WEB_SEARCH_URL. */
  searchUrl: string;
  mode: 'ok' | 'error' | 'down';
  /** Query strings the search endpoint received. */
  queries: URLSearchParams[];
  close(): Promise<void>;
}

export type Pages = Record<string, { type: string; body: string }>;

export async function startScriptedWeb(pages: Pages, results: (base: string, q: string) => { url: string; title: string; content: string }[]): Promise<ScriptedWeb> {
  const state: ScriptedWeb = { base: '', searchUrl: '', mode: 'ok', queries: [], close: async () => {} };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', state.base);
    if (url.pathname === '/search') {
      state.queries.push(url.searchParams);
      if (state.mode === 'down') return req.socket.destroy();
      if (state.mode === 'error') return res.writeHead(500, { 'content-type': 'text/plain' }).end('engine failure');
      const body = { query: url.searchParams.get('q'), number_of_results: 0, results: results(state.base, url.searchParams.get('q') ?? ''), answers: [], suggestions: [] };
      return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    }
    const page = pages[url.pathname];
    if (!page) return res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
    res.writeHead(200, { 'content-type': page.type }).end(page.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.searchUrl = `${state.base}/search`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
