// A local HTTP server on 127.0.0.1 that speaks the part of Slack's Web API Parley calls
// (`auth.test`, `chat.postMessage`), for the official client pointed at it with `slackApiUrl`. It
// records every post; `mode` makes it answer 500 or refuse connections (stopped) to play Slack down.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SlackPost {
  channel: string;
  text: string;
  thread_ts: string | null;
  token: string;
}

export interface FakeSlack {
  url: string;
  posts: SlackPost[];
  /** `ok` answers; `error500` answers HTTP 500; `invalid_auth` answers Slack's error for a bad token. */
  mode: 'ok' | 'error500' | 'invalid_auth';
  /** Stops listening (connections are refused) until start() listens on the same port again. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
  /** Resolves once `count` posts arrived. */
  waitForPosts(count: number, timeoutMs?: number): Promise<SlackPost[]>;
}

async function body(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  if ((req.headers['content-type'] ?? '').includes('application/json')) return JSON.parse(raw || '{}');
  return Object.fromEntries(new URLSearchParams(raw));
}

export async function startFakeSlack(token: string): Promise<FakeSlack> {
  const posts: SlackPost[] = [];
  let server: Server;
  let port = 0;
  let seq = 0;
  const fake: FakeSlack = {
    url: '',
    posts,
    mode: 'ok',
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async start() {
      server = createServer(async (req, res) => {
        const form = await body(req);
        const json = (status: number, payload: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(payload));
        };
        if (fake.mode === 'error500') return json(500, { ok: false });
        const auth = req.headers.authorization ?? '';
        if (fake.mode === 'invalid_auth' || auth !== `Bearer ${token}`) return json(200, { ok: false, error: 'invalid_auth' });
        if (req.url?.endsWith('/auth.test')) return json(200, { ok: true, url: 'https://example.slack.com/', team: 'Example', user: 'parley', team_id: 'T123ABC456', user_id: 'U0LAN0Z89', bot_id: 'B0PARLEY' });
        if (req.url?.endsWith('/chat.postMessage')) {
          if (!form.channel) return json(200, { ok: false, error: 'channel_not_found' });
          posts.push({ channel: form.channel, text: form.text ?? '', thread_ts: form.thread_ts ?? null, token: auth.slice(7) });
          return json(200, { ok: true, channel: form.channel, ts: `1700000000.${String(++seq).padStart(6, '0')}`, message: { text: form.text } });
        }
        json(200, { ok: false, error: 'unknown_method' });
      });
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
      fake.url = `http://127.0.0.1:${port}/api/`;
    },
    close: () => fake.stop(),
    async waitForPosts(count, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (posts.length < count) {
        if (Date.now() > until) throw new Error(`expected ${count} Slack posts, got ${posts.length}: ${JSON.stringify(posts)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return posts;
    },
  };
  await fake.start();
  return fake;
}
