// A local HTTP server on 127.0.0.1 that speaks the part of Mattermost's REST API v4 Parley calls,
// shaped as Mattermost documents it:
//   GET  /api/v4/users/me     https://developers.mattermost.com/api-documentation/#/operations/GetUser
//   GET  /api/v4/posts/{id}   https://developers.mattermost.com/api-documentation/#/operations/GetPost
//   POST /api/v4/posts        https://developers.mattermost.com/api-documentation/#/operations/CreatePost
//   errors `{id, message, detailed_error, request_id, status_code}` and bot tokens as Bearer tokens:
//                             https://developers.mattermost.com/api-documentation/ ("Errors", "Authentication")
//                             https://developers.mattermost.com/integrate/reference/bot-accounts/
// It records every post; `mode` makes it answer 500 or 401, stop() refuses connections (Mattermost down).
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const BOT_USER_ID = 'hpqbsyt1ctgjpfk9jcq1dkr9sy';
export const BOT_USERNAME = 'parley';

export interface MattermostPost {
  channel_id: string;
  message: string;
  root_id: string | null;
  token: string;
}

export interface FakeMattermost {
  url: string;
  posts: MattermostPost[];
  /** Posts known to be replies: post id → its thread's root id (GET /posts/{id} answers it). */
  roots: Map<string, string>;
  mode: 'ok' | 'error500' | 'unauthorized';
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
  waitForPosts(count: number, timeoutMs?: number): Promise<MattermostPost[]>;
}

async function read(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  return raw ? JSON.parse(raw) : {};
}

const error = (status: number, id: string, message: string) => ({ id, message, detailed_error: '', request_id: 'pdhnmwfm9pyxtp9rzjirs7roko', status_code: status });

export async function startFakeMattermost(token: string): Promise<FakeMattermost> {
  const posts: MattermostPost[] = [];
  const roots = new Map<string, string>();
  let server: Server;
  let port = 0;
  let seq = 0;
  const fake: FakeMattermost = {
    url: '',
    posts,
    roots,
    mode: 'ok',
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async start() {
      server = createServer(async (req, res) => {
        const body = req.method === 'POST' ? await read(req) : {};
        const json = (status: number, payload: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(payload));
        };
        if (fake.mode === 'error500') return json(500, error(500, 'app.post.save.app_error', 'Unable to save the post.'));
        const auth = req.headers.authorization ?? '';
        if (fake.mode === 'unauthorized' || auth !== `Bearer ${token}`) return json(401, error(401, 'api.context.session_expired.app_error', 'Invalid or expired session, please login again.'));
        const url = req.url ?? '';
        if (req.method === 'GET' && url === '/api/v4/users/me') {
          return json(200, {
            id: BOT_USER_ID, create_at: 1700000000000, update_at: 1700000000000, delete_at: 0, username: BOT_USERNAME, auth_data: '', auth_service: '',
            email: '', nickname: '', first_name: 'Parley', last_name: '', position: '', roles: 'system_user', locale: 'en', timezone: {}, is_bot: true,
          });
        }
        const get = url.match(/^\/api\/v4\/posts\/([a-z0-9]{1,64})$/);
        if (req.method === 'GET' && get) {
          return json(200, { id: get[1], create_at: 1700000000000, update_at: 1700000000000, delete_at: 0, edit_at: 0, user_id: 'rnina9994bde8mua79zqcg5hmo', channel_id: 'hawos4dqtby53pd64o4a4cmeoo', root_id: roots.get(get[1]) ?? '', original_id: '', message: 'some text here', type: '', props: {}, hashtags: '', file_ids: [], pending_post_id: '' });
        }
        if (req.method === 'POST' && url === '/api/v4/posts') {
          if (typeof body.channel_id !== 'string' || !body.channel_id) return json(400, error(400, 'api.context.invalid_body_param.app_error', 'Invalid or missing channel_id in request body.'));
          posts.push({ channel_id: body.channel_id, message: String(body.message ?? ''), root_id: typeof body.root_id === 'string' ? body.root_id : null, token: auth.slice(7) });
          const id = `p${String(++seq).padStart(25, '0')}`;
          return json(201, { id, create_at: Date.now(), update_at: Date.now(), delete_at: 0, edit_at: 0, user_id: BOT_USER_ID, channel_id: body.channel_id, root_id: body.root_id ?? '', original_id: '', message: body.message, type: '', props: {}, hashtags: '', file_ids: [], pending_post_id: '' });
        }
        json(404, error(404, 'api.context.404.app_error', 'Sorry, we could not find the page.'));
      });
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
      fake.url = `http://127.0.0.1:${port}`;
    },
    close: () => fake.stop(),
    async waitForPosts(count, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (posts.length < count) {
        if (Date.now() > until) throw new Error(`expected ${count} Mattermost posts, got ${posts.length}: ${JSON.stringify(posts)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return posts;
    },
  };
  await fake.start();
  return fake;
}
