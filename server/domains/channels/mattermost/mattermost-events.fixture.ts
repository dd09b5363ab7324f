// What Mattermost posts to the events URL, as its docs show it, with the test's own ids swapped in:
//   outgoing webhook (form or JSON): https://developers.mattermost.com/integrate/webhooks/outgoing/
//   slash command (form, Authorization: Token …): https://developers.mattermost.com/integrate/slash-commands/custom/
import { BOT_USERNAME } from './mattermost-api.fixture.js';

export const TEAM = 'kwoknj9nwpypzgzy78wkw516qe';
export const CHANNEL = 'hawos4dqtby53pd64o4a4cmeoo';
export const DM_CHANNEL = 'jux16pkewjrkfj3ehep1psxyxc';
export const USER = 'rnina9994bde8mua79zqcg5hmo';

/** An outgoing webhook fired by a post starting with the bot's mention (its trigger word). */
export const outgoingWebhook = (o: { token: string; postId: string; text: string; user?: string; channel?: string }) => ({
  channel_id: o.channel ?? CHANNEL,
  channel_name: 'town-square',
  team_domain: 'someteam',
  team_id: TEAM,
  post_id: o.postId,
  text: `@${BOT_USERNAME} ${o.text}`,
  timestamp: '1445532266',
  token: o.token,
  trigger_word: `@${BOT_USERNAME}`,
  user_id: o.user ?? USER,
  user_name: 'somename',
});

/** A `/parley …` slash command typed in a direct message with the bot. */
export const slashCommand = (o: { token: string; triggerId: string; text: string; user?: string }) => ({
  channel_id: DM_CHANNEL,
  channel_name: `${o.user ?? USER}__hpqbsyt1ctgjpfk9jcq1dkr9sy`,
  command: '/parley',
  response_url: 'http://localhost:8065/hooks/commands/xbrkb8p393gjpq5cawei7npije',
  team_domain: 'someteam',
  team_id: TEAM,
  text: o.text,
  token: o.token,
  trigger_id: o.triggerId,
  user_id: o.user ?? USER,
  user_name: 'somename',
});

/** The request as Mattermost sends it: a form by default (`application/json` when the webhook chose it). */
export function asRequest(payload: Record<string, string>, o: { json?: boolean; command?: boolean } = {}): { payload: string; headers: Record<string, string> } {
  return {
    payload: o.json ? JSON.stringify(payload) : new URLSearchParams(payload).toString(),
    headers: {
      'content-type': o.json ? 'application/json' : 'application/x-www-form-urlencoded',
      accept: 'application/json',
      'user-agent': 'Mattermost-Bot/1.1',
      ...(o.command ? { authorization: `Token ${payload.token}` } : {}),
    },
  };
}
