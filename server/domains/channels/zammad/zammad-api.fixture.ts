// A local HTTP server on 127.0.0.1 that speaks the part of Zammad's REST API Parley calls, with
// token access (`Authorization: Token token=…`, https://docs.zammad.org/en/latest/api/intro.html):
// `GET /api/v1/users/me` (https://docs.zammad.org/en/latest/api/user.html), `POST /api/v1/ticket_articles`
// (https://docs.zammad.org/en/latest/api/ticket/articles.html, answered with the article) and
// `PUT /api/v1/tickets/{id}` with a group and an article (https://docs.zammad.org/en/latest/api/ticket/index.html).
// An unknown token is `401 {"error":"Invalid token!"}`. `mode` plays Zammad down (500, or stopped).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ZammadCall {
  method: string;
  path: string;
  body: Record<string, any>;
}

export interface FakeZammad {
  url: string;
  calls: ZammadCall[];
  mode: 'ok' | 'error500';
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startFakeZammad(token: string): Promise<FakeZammad> {
  const calls: ZammadCall[] = [];
  let server: Server;
  let port = 0;
  let article = 1000;
  const fake: FakeZammad = {
    url: '',
    calls,
    mode: 'ok',
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async start() {
      server = createServer(async (req, res) => {
        const chunks: Buffer[] = [];
        for await (const c of req) chunks.push(c as Buffer);
        const raw = Buffer.concat(chunks).toString('utf8');
        const json = (status: number, payload: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
          res.end(JSON.stringify(payload));
        };
        if (fake.mode === 'error500') return json(500, { error: 'Internal Server Error' });
        if (req.headers.authorization !== `Token token=${token}`) return json(401, { error: 'Invalid token!' });
        if (req.method === 'GET' && req.url === '/api/v1/users/me') return json(200, { id: 12, login: 'parley-bot', firstname: 'Parley', lastname: 'Bot', active: true });
        const body = raw ? JSON.parse(raw) : {};
        if (req.method === 'POST' && req.url === '/api/v1/ticket_articles') {
          if (body.ticket_id === 404404) return json(404, { error: "Couldn't find Ticket with 'id'=404404" });
          calls.push({ method: 'POST', path: req.url, body });
          return json(201, { id: ++article, ...body, sender_id: 1, created_by_id: 12 });
        }
        const m = /^\/api\/v1\/tickets\/(\d+)$/.exec(req.url ?? '');
        if (req.method === 'PUT' && m) {
          calls.push({ method: 'PUT', path: req.url!, body });
          return json(200, { id: Number(m[1]), group_id: body.group_id ?? 3, article_ids: [++article] });
        }
        json(404, { error: 'No route matches' });
      });
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
      fake.url = `http://127.0.0.1:${port}`;
    },
    close: () => fake.stop(),
  };
  await fake.start();
  return fake;
}
