// What the Channels pages say about each connectable platform (docs/channels.md): the connect hint,
// where its events URL goes, what a test target looks like. The fields themselves come from
// shared/channel-types.ts; a platform without an entry here gets plain defaults.
import { CHANNEL_TYPES, type ChannelTypeInfo, type ConnectFieldInfo } from '../../shared/channel-types.js';

export interface PlatformCopy {
  connectHint: string;
  eventsHint: string;
  testLabel: string;
  testPlaceholder: string;
  /** The identity line of a connection (who the bot is there). */
  identity(identity: Record<string, string>): string;
}

const COPY: Record<string, PlatformCopy> = {
  slack: {
    connectHint: 'Create a Slack app with the scopes app_mentions:read, im:history and chat:write, install it, then enter its credentials (docs/channels.md has the manifest).',
    eventsHint: 'Paste it in the Slack app under Event Subscriptions, Request URL, and subscribe the bot events app_mention and message.im.',
    testLabel: 'Slack channel or user id',
    testPlaceholder: 'C0123ABCD',
    identity: (i) => `Workspace: ${i.team ?? 'unknown'} · bot user ${i.bot_user_id ?? 'unknown'}`,
  },
  mattermost: {
    connectHint: 'Create a bot account and copy its access token; after connecting, point an outgoing webhook (trigger word @ plus the bot’s username) and a slash command at the events URL and enter their tokens (docs/channels.md has the steps).',
    eventsHint: 'Use it as the callback URL of an outgoing webhook triggered by the bot’s @mention and as the request URL of a slash command, then enter their tokens below.',
    testLabel: 'Mattermost channel id',
    testPlaceholder: 'hawos4dqtby53pd64o4a4cmeoo',
    identity: (i) => `Bot: @${i.bot_username ?? 'unknown'} · user ${i.bot_user_id ?? 'unknown'}`,
  },
  zendesk: {
    connectHint: 'Create an API token for the agent Parley answers as, connect, then create a webhook subscribed to the ticket event “Comment added” pointing at the events URL and enter its signing secret (docs/channels.md has the steps).',
    eventsHint: 'Use it as the endpoint URL of a Zendesk webhook (Admin Center, Webhooks) subscribed to zen:event-type:ticket.comment_added, and enter the webhook’s signing secret below.',
    testLabel: 'Zendesk ticket number (an internal note is added)',
    testPlaceholder: '35436',
    identity: (i) => `Subdomain: ${i.subdomain ?? 'unknown'} · agent ${i.name || i.user_id || 'unknown'}`,
  },
  zammad: {
    connectHint: 'Create an access token with the ticket.agent permission, connect, then add a webhook with an HMAC SHA1 signature token and a trigger that calls it on a customer’s article (docs/channels.md has the steps).',
    eventsHint: 'Use it as the endpoint of a Zammad webhook (Settings, Webhook) called by a trigger on new customer articles, with the signature token entered below.',
    testLabel: 'Zammad ticket id (an internal note is added)',
    testPlaceholder: '81',
    identity: (i) => `Helpdesk: ${i.host ?? 'unknown'} · agent ${i.login || i.user_id || 'unknown'}`,
  },
  salesforce: {
    connectHint: 'Create a connected app with the client credentials flow and a run-as integration user, connect, then add record-triggered Flows on Case and CaseComment that call the events URL (docs/channels.md has the steps).',
    eventsHint: 'Use it as the URL of the named credential the Flows’ HTTP callout uses; its external credential sends the callout token as the X-Parley-Token header.',
    testLabel: 'Salesforce case id (an unpublished comment is added)',
    testPlaceholder: '5005e00000AbCdEAAZ',
    identity: (i) => `Org: ${i.organization_id ?? 'unknown'} · user ${i.username || i.user_id || 'unknown'}`,
  },
};

/** The platforms of these kinds the console connects: available, with a connect form. */
export const connectable = (kinds: ChannelTypeInfo['kind'][]): Array<ChannelTypeInfo & { fields: ConnectFieldInfo[] }> =>
  CHANNEL_TYPES.filter((t): t is ChannelTypeInfo & { fields: ConnectFieldInfo[] } => kinds.includes(t.kind) && t.availability === 'available' && !!t.fields);

/** The team-chat platforms the console connects. */
export const connectableTeamChat = () => connectable(['team_chat']);

export const platformInfo = (type: string): { label: string; fields: ConnectFieldInfo[] } => {
  const t = CHANNEL_TYPES.find((x) => x.type === type);
  return { label: t?.label ?? type, fields: t?.fields ?? [] };
};

export const copyOf = (type: string): PlatformCopy =>
  COPY[type] ?? {
    connectHint: 'Enter the credentials the platform gave you (docs/channels.md has the steps).',
    eventsHint: 'Give this URL to the platform as the address its events are sent to.',
    testLabel: 'Target id',
    testPlaceholder: '',
    identity: (i) => Object.entries(i).map(([k, v]) => `${k}: ${v}`).join(' · '),
  };
