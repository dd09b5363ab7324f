// A local HTTP server on 127.0.0.1 that speaks the part of Slack's Web API Parley calls
// (`auth.test`, `chat.postMessage`), for the official client pointed at it with `slackApiUrl`. It
// records every post; `mode` makes it answer 500 or refuse connections (stopped) to play Slack down.
import { answer, startStandIn, waitForCount, type StandIn, type StandInRequest } from '../testing/stand-in-server.js';

export interface SlackPost {
  channel: string;
  text: string;
  thread_ts: string | null;
  token: string;
}

/** `ok` answers; `error500` answers HTTP 500; `invalid_auth` answers Slack's error for a bad token. */
export interface FakeSlack extends StandIn<'error500' | 'invalid_auth'> {
  posts: SlackPost[];
  /** Resolves once `count` posts arrived. */
  waitForPosts(count: number, timeoutMs?: number): Promise<SlackPost[]>;
}

/** The client sends a form, or JSON where it says so. */
function fields(req: StandInRequest): Record<string, string> {
  if ((req.headers['content-type'] ?? '').includes('application/json')) return req.json();
  return Object.fromEntries(new URLSearchParams(req.raw));
}

export async function startFakeSlack(token: string): Promise<FakeSlack> {
  const posts: SlackPost[] = [];
  let seq = 0;
  const waitForPosts = (count: number, timeoutMs?: number) => waitForCount(posts, count, 'Slack posts', timeoutMs);
  return startStandIn<FakeSlack>({ posts, waitForPosts }, (req, { mode }) => {
    const form = fields(req);
    if (mode === 'error500') return answer(500, { ok: false });
    const auth = req.headers.authorization ?? '';
    if (mode === 'invalid_auth' || auth !== `Bearer ${token}`) return answer(200, { ok: false, error: 'invalid_auth' });
    if (req.url.endsWith('/auth.test')) return answer(200, { ok: true, url: 'https://example.slack.com/', team: 'Example', user: 'parley', team_id: 'T123ABC456', user_id: 'U0LAN0Z89', bot_id: 'B0PARLEY' });
    if (req.url.endsWith('/chat.postMessage')) {
      if (!form.channel) return answer(200, { ok: false, error: 'channel_not_found' });
      posts.push({ channel: form.channel, text: form.text ?? '', thread_ts: form.thread_ts ?? null, token: auth.slice(7) });
      return answer(200, { ok: true, channel: form.channel, ts: `1700000000.${String(++seq).padStart(6, '0')}`, message: { text: form.text } });
    }
    return answer(200, { ok: false, error: 'unknown_method' });
  }, { basePath: '/api/' });
}
