// A small website served on 127.0.0.1 for crawler tests (an edge fake, docs/architecture.md section 9): pages
// can be changed, removed or held (to keep a sync running) between requests, and every request is
// recorded so tests can prove what was (not) fetched.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SitePage {
  status?: number;
  type?: string;
  body: string;
  headers?: Record<string, string>;
}

export interface TestSite {
  url: string;
  pages: Map<string, SitePage>;
  requests: string[];
  /** Most requests the site was answering at the same time (proves a crawler's concurrency bound). */
  maxInFlight: number;
  /** Requests to this path (or, ending in `*`, any path with that prefix) wait until release() is called. */
  hold(path: string): void;
  release(): void;
  /** Resolves once a request for `path` has arrived (held or not). */
  arrived(path: string): Promise<void>;
  close(): Promise<void>;
}

export function html(title: string, body: string, head = ''): SitePage {
  return { body: `<!doctype html><html><head><title>${title}</title>${head}</head><body>${body}</body></html>` };
}

export async function startSite(host = '127.0.0.1', initial: Record<string, SitePage> = {}): Promise<TestSite> {
  const pages = new Map(Object.entries(initial));
  const requests: string[] = [];
  let held: string | null = null;
  let inFlight = 0;
  const isHeld = (path: string) => held !== null && (held.endsWith('*') ? path.startsWith(held.slice(0, -1)) : path === held);
  let waiters: (() => void)[] = [];
  const arrivals: { path: string; resolve: () => void }[] = [];
  const server = http.createServer(async (req, res) => {
    const path = req.url ?? '/';
    requests.push(path);
    site.maxInFlight = Math.max(site.maxInFlight, ++inFlight);
    res.on('close', () => inFlight--);
    for (const a of arrivals.filter((x) => x.path === path)) a.resolve();
    if (isHeld(path)) await new Promise<void>((r) => waiters.push(r));
    const page = pages.get(path);
    if (!page) {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<html><head><title>Not found</title></head><body>Not found</body></html>');
      return;
    }
    res.writeHead(page.status ?? 200, { 'content-type': page.type ?? 'text/html; charset=utf-8', ...page.headers });
    res.end(page.body);
  });
  await new Promise<void>((r) => server.listen(0, host, r));
  const { port } = server.address() as AddressInfo;
  const site: TestSite = {
    url: `http://${host}:${port}`,
    pages,
    requests,
    maxInFlight: 0,
    hold(path) {
      held = path;
    },
    release() {
      held = null;
      const w = waiters;
      waiters = [];
      for (const fn of w) fn();
    },
    arrived(path) {
      if (requests.includes(path)) return Promise.resolve();
      return new Promise<void>((resolve) => arrivals.push({ path, resolve }));
    },
    async close() {
      site.release();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
  return site;
}
