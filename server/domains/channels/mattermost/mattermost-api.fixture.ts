// A local HTTP server on 127.0.0.1 that speaks the part of Mattermost's REST API v4 Parley calls,
// shaped as Mattermost documents it:
//   GET  /api/v4/users/me     https://developers.mattermost.com/api-documentation/#/operations/GetUser
//   GET  /api/v4/posts/{id}   https://developers.mattermost.com/api-documentation/#/operations/GetPost
//   POST /api/v4/posts        https://developers.mattermost.com/api-documentation/#/operations/CreatePost
//   errors `{id, message, detailed_error, request_id, status_code}` and bot tokens as Bearer tokens:
//                             https://developers.mattermost.com/api-documentation/ ("Errors", "Authentication")
//                             https://developers.mattermost.com/integrate/reference/bot-accounts/
// It records every post; `mode` makes it answer 500 or 401, stop() refuses connections (Mattermost down).
import { answer, startStandIn, waitForCount, type StandIn } from '../testing/stand-in-server.js';

export const BOT_USER_ID = 'hpqbsyt1ctgjpfk9jcq1dkr9sy';
export const BOT_USERNAME = 'parley';

export interface MattermostPost {
  channel_id: string;
  message: string;
  root_id: string | null;
  token: string;
}

export interface FakeMattermost extends StandIn<'error500' | 'unauthorized'> {
  posts: MattermostPost[];
  /** Posts known to be replies: post id → its thread's root id (GET /posts/{id} answers it). */
  roots: Map<string, string>;
  waitForPosts(count: number, timeoutMs?: number): Promise<MattermostPost[]>;
}

const error = (status: number, id: string, message: string) => answer(status, { id, message, detailed_error: '', request_id: 'pdhnmwfm9pyxtp9rzjirs7roko', status_code: status });

export async function startFakeMattermost(token: string): Promise<FakeMattermost> {
  const posts: MattermostPost[] = [];
  const roots = new Map<string, string>();
  let seq = 0;
  const waitForPosts = (count: number, timeoutMs?: number) => waitForCount(posts, count, 'Mattermost posts', timeoutMs);
  return startStandIn<FakeMattermost>({ posts, roots, waitForPosts }, (req, { mode }) => {
    if (mode === 'error500') return error(500, 'app.post.save.app_error', 'Unable to save the post.');
    const auth = req.headers.authorization ?? '';
    if (mode === 'unauthorized' || auth !== `Bearer ${token}`) return error(401, 'api.context.session_expired.app_error', 'Invalid or expired session, please login again.');
    if (req.match('GET', '/api/v4/users/me')) {
      return answer(200, {
        id: BOT_USER_ID, create_at: 1700000000000, update_at: 1700000000000, delete_at: 0, username: BOT_USERNAME, auth_data: '', auth_service: '',
        email: '', nickname: '', first_name: 'Parley', last_name: '', position: '', roles: 'system_user', locale: 'en', timezone: {}, is_bot: true,
      });
    }
    const get = req.match('GET', /^\/api\/v4\/posts\/([a-z0-9]{1,64})$/);
    if (get) {
      return answer(200, { id: get[1], create_at: 1700000000000, update_at: 1700000000000, delete_at: 0, edit_at: 0, user_id: 'rnina9994bde8mua79zqcg5hmo', channel_id: 'hawos4dqtby53pd64o4a4cmeoo', root_id: roots.get(get[1]) ?? '', original_id: '', message: 'some text here', type: '', props: {}, hashtags: '', file_ids: [], pending_post_id: '' });
    }
    if (req.match('POST', '/api/v4/posts')) {
      const body = req.json();
      if (typeof body.channel_id !== 'string' || !body.channel_id) return error(400, 'api.context.invalid_body_param.app_error', 'Invalid or missing channel_id in request body.');
      posts.push({ channel_id: body.channel_id, message: String(body.message ?? ''), root_id: typeof body.root_id === 'string' ? body.root_id : null, token: auth.slice(7) });
      const id = `p${String(++seq).padStart(25, '0')}`;
      return answer(201, { id, create_at: Date.now(), update_at: Date.now(), delete_at: 0, edit_at: 0, user_id: BOT_USER_ID, channel_id: body.channel_id, root_id: body.root_id ?? '', original_id: '', message: body.message, type: '', props: {}, hashtags: '', file_ids: [], pending_post_id: '' });
    }
    return error(404, 'api.context.404.app_error', 'Sorry, we could not find the page.');
  });
}
