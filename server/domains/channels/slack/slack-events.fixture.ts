// Slack Events API payloads as Slack documents them, with the test's own ids swapped in:
//   url_verification: https://api.slack.com/events/url_verification
//   app_mention:      https://docs.slack.dev/reference/events/app_mention
//   message.im:       https://docs.slack.dev/reference/events/message.im/
//   request signing:  https://api.slack.com/authentication/verifying-requests-from-slack
import { slackSignature } from './signature.js';

export const TEAM = 'T123ABC456';
export const BOT_USER = 'U0LAN0Z89';

export const urlVerification = () => ({
  token: 'Jhj5dZrVaK7ZwHHjRyZWjbDl',
  challenge: '3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P',
  type: 'url_verification',
});

export const appMention = (o: { eventId: string; text: string; ts: string; channel?: string; user?: string; threadTs?: string }) => ({
  token: 'XXYYZZ',
  team_id: TEAM,
  api_app_id: 'A123ABC456',
  event: {
    type: 'app_mention',
    user: o.user ?? 'U061F7AUR',
    text: `<@${BOT_USER}> ${o.text}`,
    ts: o.ts,
    channel: o.channel ?? 'C123ABC456',
    event_ts: o.ts,
    ...(o.threadTs ? { thread_ts: o.threadTs } : {}),
  },
  type: 'event_callback',
  authorizations: [{ team_id: TEAM, user_id: 'U123ABC456', is_bot: false, is_enterprise_install: false }],
  event_id: o.eventId,
  event_time: 1515449522,
});

export const directMessage = (o: { eventId: string; text: string; ts: string; channel?: string; user?: string; botId?: string }) => ({
  token: 'one-long-verification-token',
  team_id: TEAM,
  api_app_id: 'A0PNCHHK2',
  event: {
    type: 'message',
    channel: o.channel ?? 'D024BE91L',
    user: o.user ?? 'U2147483697',
    text: o.text,
    ts: o.ts,
    event_ts: o.ts,
    channel_type: 'im',
    ...(o.botId ? { bot_id: o.botId } : {}),
  },
  type: 'event_callback',
  authorizations: [{ team_id: TEAM, user_id: 'U2147483697', is_bot: false, is_enterprise_install: false }],
  event_id: o.eventId,
  event_time: 1355517523,
});

/** The headers Slack sends with a body: its signature with `secret` at `timestamp` (seconds). */
export function signedHeaders(secret: string, body: string, timestamp = Math.floor(Date.now() / 1000), retryNum?: number): Record<string, string> {
  return {
    'content-type': 'application/json',
    'x-slack-request-timestamp': String(timestamp),
    'x-slack-signature': slackSignature(secret, String(timestamp), body),
    ...(retryNum !== undefined ? { 'x-slack-retry-num': String(retryNum), 'x-slack-retry-reason': 'http_timeout' } : {}),
  };
}
