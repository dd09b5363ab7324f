// Mattermost as a channel (docs/channels.md "Mattermost"), self-hosted or Cloud. In: an outgoing
// webhook whose trigger word is the bot's @-mention (public channels: Mattermost fires outgoing
// webhooks there only) and a slash command, which works everywhere, direct messages with the bot
// included. Both carry their token in the body (token.ts). Out: the REST API v4 with the bot's
// access token, `POST /api/v4/posts` with `root_id` for a reply in the thread, `GET /api/v4/users/me`
// to check the token and learn who the bot is. Mattermost's own JS client (`@mattermost/client`) is
// written for its web app; three plain calls need no more than fetch. Nothing is retried here: a
// failed send is retried from the durable outbox (sender.ts).
import type { ChannelPlatform, Inbound, OpenConnection, PlatformMessage, SendOutcome } from '../types.js';
import { MATTERMOST_FIELDS } from '../../../../shared/channel-types.js';
import { fieldsOf, tokenMatches } from './token.js';

const TIMEOUT_MS = 10_000;
/** A thread key for a slash command's conversation: no post to reply under, one conversation per person and channel. */
const PERSON_THREAD = 'u.';

/** The server's base URL as entered, without a trailing slash or an `/api/v4` someone pasted along. */
const baseOf = (c: OpenConnection) => (c.settings.api_url ?? '').replace(/\/+$/, '').replace(/\/api\/v4$/, '');

type Call = { ok: true; body: Record<string, any> } | { ok: false; error: string; retry: boolean };

async function call(c: OpenConnection, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Call> {
  let res: Response;
  try {
    res = await fetch(`${baseOf(c)}/api/v4${path}`, {
      method,
      headers: { authorization: `Bearer ${c.credentials.bot_token}`, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    return { ok: false, error: `Mattermost could not be reached: ${cause?.code ?? cause?.message ?? (err as Error).message}`, retry: true };
  }
  const parsed = (await res.json().catch(() => null)) as Record<string, any> | null;
  if (res.ok) return { ok: true, body: parsed ?? {} };
  // Mattermost's errors are `{id, message, status_code}`; the id names the reason (api.context.session_expired.app_error).
  const reason = typeof parsed?.id === 'string' ? ` (${parsed.id})` : '';
  // Rate limited or down: later. A refused token, a missing permission or an unknown channel: never.
  return { ok: false, error: `Mattermost answered HTTP ${res.status}${reason}`, retry: res.status === 429 || res.status >= 500 };
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The mention the webhook fired on is how the message reached the bot, not part of the question. */
function withoutTrigger(text: string, trigger: string, botUsername: string | undefined): string {
  let t = text.trim();
  if (trigger && t.toLowerCase().startsWith(trigger.toLowerCase())) t = t.slice(trigger.length);
  if (botUsername) t = t.replace(new RegExp(`^[\\s,:]*@${botUsername.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i'), '');
  return t.replace(/^[\s,:]+/, '').replace(/\s+/g, ' ').trim();
}

export function parseMattermostEvent(raw: string, identity: Record<string, string>): Inbound {
  const f = fieldsOf(raw, undefined);
  if (!f) return { kind: 'ignored', eventId: null, reason: 'the body is neither a form nor JSON' };
  const team = str(f.team_id);
  const user = str(f.user_id);
  const channel = str(f.channel_id);
  if (str(f.command)) {
    // A slash command has no post; its trigger id is unique to the invocation (the response URL too, on older servers).
    const id = str(f.trigger_id) || str(f.response_url);
    const eventId = id ? `command:${id}` : null;
    const text = str(f.text).replace(/\s+/g, ' ').trim();
    if (!eventId || !user || !channel) return { kind: 'ignored', eventId, reason: 'a command without its trigger id, user or channel' };
    if (!text) return { kind: 'ignored', eventId, reason: `${str(f.command)} without a question` };
    return message({
      eventId, workspace: team, requester: user, text,
      thread: { channel, thread: `${PERSON_THREAD}${user}` },
      // A direct-message channel is named after its two members, `{user id}__{user id}`.
      via: str(f.channel_name).includes('__') ? 'direct' : 'mention',
    });
  }
  const eventId = str(f.post_id) || null;
  if (!eventId || !user || !channel) return { kind: 'ignored', eventId, reason: 'not an outgoing-webhook post (no post id, user or channel)' };
  if (identity.bot_user_id && user === identity.bot_user_id) return { kind: 'ignored', eventId, reason: 'the bot’s own post' };
  const text = withoutTrigger(str(f.text), str(f.trigger_word), identity.bot_username);
  if (!text) return { kind: 'ignored', eventId, reason: 'a mention without a question' };
  // The post may be a reply inside a thread: resolveThread finds its root before the answer.
  return message({ eventId, workspace: team, requester: user, text, thread: { channel, thread: eventId }, via: 'mention' });
}

const message = (m: PlatformMessage): Inbound => ({ kind: 'message', message: m });

export const mattermostPlatform: ChannelPlatform = {
  type: 'mattermost',
  label: 'Mattermost',
  fields: MATTERMOST_FIELDS,
  verify(request, credentials) {
    const f = fieldsOf(request.raw, String(request.headers['content-type'] ?? ''));
    const auth = String(request.headers.authorization ?? '');
    const given = str(f?.token) || (auth.startsWith('Token ') ? auth.slice(6) : '');
    if (!given) return 'the request carries no token';
    return tokenMatches(given, [credentials.webhook_token, credentials.command_token]) ? null : 'the token is not this connection’s outgoing webhook or slash command token';
  },
  parse: parseMattermostEvent,
  requesterKey: (m) => `mattermost:${m.workspace}`,

  async resolveThread(connection, m) {
    if (m.thread.thread.startsWith(PERSON_THREAD)) return m.thread;
    const post = await call(connection, 'GET', `/posts/${encodeURIComponent(m.thread.thread)}`);
    // Unreachable now: answered under the post itself, which is the thread's root unless it was a reply.
    if (!post.ok) return m.thread;
    return { channel: m.thread.channel, thread: str(post.body.root_id) || m.thread.thread };
  },

  async send(connection, target, text): Promise<SendOutcome> {
    const root = target.thread && !target.thread.startsWith(PERSON_THREAD) ? target.thread : '';
    const res = await call(connection, 'POST', '/posts', { channel_id: target.channel, message: text, ...(root ? { root_id: root } : {}) });
    return res.ok ? { ok: true, retry: false, id: str(res.body.id) || undefined } : { ok: false, retry: res.retry, error: res.error };
  },

  async identify(connection) {
    if (!baseOf(connection)) return { ok: false, error: 'the server URL is missing' };
    const me = await call(connection, 'GET', '/users/me');
    if (!me.ok) return { ok: false, error: me.error };
    const identity: Record<string, string> = { bot_user_id: str(me.body.id), bot_username: str(me.body.username) };
    return { ok: true, identity };
  },
};
