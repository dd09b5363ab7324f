// A local HTTP server on 127.0.0.1 that speaks the part of Zendesk's Support API Parley calls:
// `GET /api/v2/users/me.json` (https://developer.zendesk.com/api-reference/ticketing/users/users/#show-the-currently-authenticated-user,
// the anonymous user for unknown credentials) and `PUT /api/v2/tickets/{id}.json` with a comment,
// fields and group (https://developer.zendesk.com/api-reference/ticketing/tickets/tickets/#update-ticket,
// answered `{ticket, audit}`; an unknown ticket is `404 {"error":"RecordNotFound"}`). It records every
// update; `mode` makes it answer 500 or refuse connections (stopped) to play Zendesk down.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TicketUpdate {
  ticket: string;
  body: Record<string, any>;
  authorization: string;
}

export interface FakeZendesk {
  url: string;
  updates: TicketUpdate[];
  mode: 'ok' | 'error500';
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startFakeZendesk(email: string, token: string): Promise<FakeZendesk> {
  const updates: TicketUpdate[] = [];
  const expected = `Basic ${Buffer.from(`${email}/token:${token}`).toString('base64')}`;
  let server: Server;
  let port = 0;
  let audit = 0;
  const fake: FakeZendesk = {
    url: '',
    updates,
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
        if (fake.mode === 'error500') return json(500, { error: 'InternalError' });
        const authorized = req.headers.authorization === expected;
        if (req.method === 'GET' && req.url === '/api/v2/users/me.json') {
          // Zendesk answers unknown credentials with the anonymous user, not a 401.
          if (!authorized) return json(200, { user: { id: null, url: null, name: 'Anonymous user', email: 'invalid@example.com', role: 'end-user' } });
          return json(200, { user: { id: 35436, url: 'https://example.zendesk.com/api/v2/users/35436.json', name: 'Parley Bot', email, role: 'agent' } });
        }
        if (!authorized) return json(401, { error: "Couldn't authenticate you" });
        const m = /^\/api\/v2\/tickets\/(\d+)\.json$/.exec(req.url ?? '');
        if (req.method === 'PUT' && m) {
          if (m[1] === '404404') return json(404, { error: 'RecordNotFound', description: 'Not found' });
          const body = JSON.parse(raw || '{}');
          updates.push({ ticket: m[1], body: body.ticket, authorization: req.headers.authorization ?? '' });
          return json(200, { ticket: { id: Number(m[1]), ...body.ticket }, audit: { id: ++audit, ticket_id: Number(m[1]) } });
        }
        json(404, { error: 'InvalidEndpoint', description: 'Not found' });
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
