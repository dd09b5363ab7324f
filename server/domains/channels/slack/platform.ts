// Slack as a channel (docs/channels.md "Slack"): the Events API in (a direct message to the bot,
// `message.im`, or a mention in a channel, `app_mention`), the Web API out through the official
// client (`chat.postMessage` with `thread_ts`, `auth.test` to check the token). The client's own
// retries are off: a failed send is retried from the durable outbox (sender.ts), which survives a
// restart, instead of inside one process's memory.
import { ErrorCode, WebClient, type WebAPICallError } from '@slack/web-api';
import type { ChannelPlatform, Inbound, OpenConnection } from '../types.js';
import { verifySlackSignature } from './signature.js';
import { SLACK_FIELDS } from '../../../../shared/channel-types.js';

/** Slack answers these when retrying cannot help: the token or the target is wrong. */
const FINAL_ERRORS = new Set(['invalid_auth', 'not_authed', 'account_inactive', 'token_revoked', 'token_expired', 'channel_not_found', 'not_in_channel', 'is_archived', 'missing_scope', 'no_permission', 'msg_too_long', 'no_text']);

function client(connection: OpenConnection): WebClient {
  return new WebClient(connection.credentials.bot_token, {
    ...(connection.settings.api_url ? { slackApiUrl: connection.settings.api_url } : {}),
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
    timeout: 10_000,
  });
}

function describe(err: unknown): { error: string; retry: boolean } {
  const e = err as WebAPICallError & { data?: { error?: string }; statusCode?: number; original?: Error };
  if (e?.code === ErrorCode.PlatformError) {
    const code = e.data?.error ?? 'error';
    return { error: `Slack answered ${code}`, retry: !FINAL_ERRORS.has(code) };
  }
  if (e?.code === ErrorCode.HTTPError) return { error: `Slack answered HTTP ${e.statusCode}`, retry: true };
  if (e?.code === ErrorCode.RateLimitedError) return { error: 'Slack is rate limiting this app', retry: true };
  if (e?.code === ErrorCode.RequestError) return { error: `Slack could not be reached: ${e.original?.message ?? e.message}`, retry: true };
  return { error: err instanceof Error ? err.message : String(err), retry: true };
}

/** `<@U123>` mentions of the bot itself are how the message reached us, not part of the question. */
const withoutMention = (text: string, botUser: string | undefined) =>
  (botUser ? text.replaceAll(`<@${botUser}>`, '') : text.replace(/^\s*<@[A-Z0-9]+>/, '')).replace(/\s+/g, ' ').trim();

export function parseSlackEvent(raw: string, identity: Record<string, string>): Inbound {
  let body: Record<string, any>;
  try {
    body = JSON.parse(raw);
  } catch {
    return { kind: 'ignored', eventId: null, reason: 'the body is not JSON' };
  }
  if (body?.type === 'url_verification' && typeof body.challenge === 'string') return { kind: 'challenge', reply: { challenge: body.challenge } };
  const eventId = typeof body?.event_id === 'string' ? body.event_id : null;
  if (body?.type !== 'event_callback' || !eventId || typeof body.event !== 'object') return { kind: 'ignored', eventId, reason: `not an event callback (${String(body?.type)})` };
  const e = body.event as Record<string, any>;
  // The bot's own posts come back as message events; edits, joins and the like carry a subtype.
  if (e.bot_id || e.subtype) return { kind: 'ignored', eventId, reason: e.bot_id ? 'a bot message' : `message subtype ${e.subtype}` };
  const direct = e.type === 'message' && e.channel_type === 'im';
  if (!direct && e.type !== 'app_mention') return { kind: 'ignored', eventId, reason: `event type ${e.type}${e.channel_type ? ` in ${e.channel_type}` : ''}` };
  const text = withoutMention(String(e.text ?? ''), identity.bot_user_id);
  if (!text || typeof e.user !== 'string' || typeof e.channel !== 'string' || typeof e.ts !== 'string') return { kind: 'ignored', eventId, reason: 'no text, user or channel' };
  return {
    kind: 'message',
    message: {
      eventId,
      workspace: String(body.team_id ?? e.team ?? ''),
      requester: e.user,
      // A reply goes to the thread the message is in, or starts one under it.
      thread: { channel: e.channel, thread: typeof e.thread_ts === 'string' ? e.thread_ts : e.ts },
      text,
      via: direct ? 'direct' : 'mention',
    },
  };
}

export const slackPlatform: ChannelPlatform = {
  type: 'slack',
  label: 'Slack',
  fields: SLACK_FIELDS,
  verify: (request, credentials, nowMs) => verifySlackSignature(request.headers, request.raw, credentials.signing_secret ?? '', nowMs),
  parse: parseSlackEvent,
  requesterKey: (m) => `slack:${m.workspace}`,

  async send(connection, target, text) {
    try {
      const res = await client(connection).chat.postMessage({ channel: target.channel, text, ...(target.thread ? { thread_ts: target.thread } : {}) });
      return { ok: true, retry: false, id: typeof res.ts === 'string' ? res.ts : undefined };
    } catch (err) {
      return { ok: false, ...describe(err) };
    }
  },

  async identify(connection) {
    try {
      const res = await client(connection).auth.test();
      const identity: Record<string, string> = {};
      for (const key of ['team_id', 'team', 'user_id', 'bot_id'] as const) if (typeof res[key] === 'string') identity[key === 'user_id' ? 'bot_user_id' : key] = res[key] as string;
      return { ok: true, identity };
    } catch (err) {
      return { ok: false, error: describe(err).error };
    }
  },
};
