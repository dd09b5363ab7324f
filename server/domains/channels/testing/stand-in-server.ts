// The plumbing every platform stand-in shares: a scripted HTTP server on 127.0.0.1 that reads each
// request whole, hands it to the platform's script and writes back what the script answers. What a
// platform answers (its routes, documented payloads, error shapes and auth) stays in that platform's
// <platform>-api.fixture.ts; this file only listens, stops and starts again on the same port, so a
// test can play the platform down (connections refused) and back up.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInRequest {
  method: string;
  /** The request target as sent: path and query. */
  url: string;
  headers: IncomingHttpHeaders;
  /** The body as text ('' when there is none). */
  raw: string;
  /** The body read as JSON; an empty body is `{}`. */
  json(): Record<string, any>;
  /** The path's matches when the method is `method` and the URL is `path` (or matches it); else null. */
  match(method: string, path: string | RegExp): string[] | null;
}

/** A status and a payload sent as JSON; no payload is an empty body with no content type. */
export interface StandInAnswer {
  status: number;
  payload?: unknown;
}

export const answer = (status: number, payload?: unknown): StandInAnswer => ({ status, payload });

/** A call a stand-in records for the test to look at: what was asked and the JSON sent with it. */
export interface StandInCall {
  method: string;
  path: string;
  body: Record<string, any>;
}

/** `Mode` names the ways a test makes the platform misbehave; `'ok'` answers as documented. */
export interface StandIn<Mode extends string> {
  url: string;
  mode: 'ok' | Mode;
  /** Stops listening (connections are refused) until start() listens on the same port again. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export interface StandInOptions {
  /** The content type of JSON answers, as the platform spells it. */
  contentType?: string;
  /** Appended to `http://127.0.0.1:<port>` for `url`, where the platform's clients want a base path. */
  basePath?: string;
}

/** How a platform answers: given each request and the stand-in itself (its mode, its records). */
export type StandInScript<Fake> = (req: StandInRequest, fake: Fake) => StandInAnswer | Promise<StandInAnswer>;

/**
 * Starts `Fake`, a stand-in whose own fields (`records`: what it keeps of the requests, helpers to wait
 * on them) come from its fixture, answering with `script`.
 */
export async function startStandIn<Fake extends StandIn<string>>(
  records: Omit<Fake, keyof StandIn<string>>,
  script: StandInScript<Fake>,
  o: StandInOptions = {},
): Promise<Fake> {
  const contentType = o.contentType ?? 'application/json';
  let server: Server;
  let port = 0;
  const fake = {
    ...records,
    url: '',
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
        const method = req.method ?? 'GET';
        const url = req.url ?? '';
        const { status, payload } = await script({
          method, url, headers: req.headers, raw,
          json: () => (raw ? JSON.parse(raw) : {}),
          match: (m, path) => {
            if (m !== method) return null;
            if (typeof path === 'string') return path === url ? [url] : null;
            const found = path.exec(url);
            return found ? [...found] : null;
          },
        }, fake);
        res.writeHead(status, payload === undefined ? {} : { 'content-type': contentType });
        res.end(payload === undefined ? undefined : JSON.stringify(payload));
      });
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
      fake.url = `http://127.0.0.1:${port}${o.basePath ?? ''}`;
    },
    close: () => fake.stop(),
  } as Fake;
  await fake.start();
  return fake;
}

/** Resolves with `list` once it holds `count` entries (a stand-in's record of what arrived). */
export async function waitForCount<T>(list: T[], count: number, what: string, timeoutMs = 10_000): Promise<T[]> {
  const until = Date.now() + timeoutMs;
  while (list.length < count) {
    if (Date.now() > until) throw new Error(`expected ${count} ${what}, got ${list.length}: ${JSON.stringify(list)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return list;
}
