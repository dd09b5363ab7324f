// Test fixture: a real HTTP receiver on 127.0.0.1 that records every webhook request and answers
// with the status the test sets, or holds the answer until released (a delivery in flight).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: Record<string, string>;
  body: string;
  at: number;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** The status of the next answers (default 200). */
  status: number;
  /** While true, requests get no answer until `release()`. */
  hold: boolean;
  release(): void;
  close(): Promise<void>;
}

export async function startReceiver(path = '/hook'): Promise<Receiver> {
  const held: http.ServerResponse[] = [];
  const state: Receiver = {
    url: '',
    received: [],
    status: 200,
    hold: false,
    release() {
      for (const res of held.splice(0)) res.writeHead(state.status).end('ok');
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held.splice(0)) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      state.received.push({ headers: req.headers as Record<string, string>, body, at: Date.now() });
      if (state.hold) held.push(res);
      else res.writeHead(state.status, { 'content-type': 'text/plain' }).end(state.status < 300 ? 'ok' : 'receiver says no');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  return state;
}

/** The events of one type among what a receiver got, parsed. */
export const eventsOf = (r: Receiver, type: string) =>
  r.received.map((x) => ({ ...x, event: JSON.parse(x.body) as { type: string; timestamp: string; data: Record<string, any> } })).filter((x) => x.event.type === type);
