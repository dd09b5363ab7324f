// Every channel type Parley knows (spec 1.5, 2.10; docs/channels.md), for the console's Channels page
// and the server's connect form: what is available, what is not built yet, what is announced. Only
// `available` types have code behind them.
export type ChannelAvailability = 'available' | 'not_yet' | 'coming_soon';

export interface ConnectFieldInfo {
  key: string;
  label: string;
  /** Secrets are write-only: the API answers them masked, the console never shows them again. */
  secret: boolean;
  required: boolean;
  help: string;
  /** A yes/no setting: a checkbox in the console, stored as the string TOGGLE_ON when set, absent when not. */
  toggle?: boolean;
}

/** The stored value of a set toggle field (settings are strings; "on" is what the platforms read). */
export const TOGGLE_ON = 'on';

export interface ChannelTypeInfo {
  type: string;
  label: string;
  /** The spec 2.10 kind; team chat and the widget are billed as Chat Messages, ticketing and CRM as Ticketing Messages (spec 8.1). */
  kind: 'widget' | 'api' | 'team_chat' | 'ticketing' | 'crm' | 'messaging';
  availability: ChannelAvailability;
  summary: string;
  /** For a platform connected from the console: its form. */
  fields?: ConnectFieldInfo[];
}

export const SLACK_FIELDS: ConnectFieldInfo[] = [
  { key: 'bot_token', label: 'Bot token', secret: true, required: true, help: 'Bot User OAuth Token (xoxb-…), under OAuth & Permissions' },
  { key: 'signing_secret', label: 'Signing secret', secret: true, required: true, help: 'Under Basic Information, App Credentials' },
  { key: 'handoff_channel', label: 'Handoff channel', secret: false, required: false, help: 'Channel id (C…) where a hand-over to a person is announced' },
  { key: 'api_url', label: 'API base URL', secret: false, required: false, help: 'Leave empty for Slack itself; set it for a proxy in front of Slack' },
];

export const MATTERMOST_FIELDS: ConnectFieldInfo[] = [
  { key: 'api_url', label: 'Server URL', secret: false, required: true, help: 'Your Mattermost address, e.g. https://chat.example.com' },
  { key: 'bot_token', label: 'Bot access token', secret: true, required: true, help: 'Integrations, Bot Accounts: the bot’s access token' },
  { key: 'webhook_token', label: 'Outgoing webhook token', secret: true, required: false, help: 'Integrations, Outgoing Webhooks: the token of the webhook triggered by @mentions' },
  { key: 'command_token', label: 'Slash command token', secret: true, required: false, help: 'Integrations, Slash Commands: the token of the command for direct messages' },
  { key: 'handoff_channel', label: 'Handoff channel', secret: false, required: false, help: 'Channel id where a hand-over to a person is announced (add the bot to it)' },
];

const PRIVATE_MODE: ConnectFieldInfo = {
  key: 'private_mode', label: 'Private mode', secret: false, required: false, toggle: true,
  help: 'The AI’s answers are internal notes for an agent to review and send, never public replies',
};

export const ZENDESK_FIELDS: ConnectFieldInfo[] = [
  { key: 'subdomain', label: 'Subdomain', secret: false, required: true, help: 'The part before .zendesk.com' },
  { key: 'email', label: 'Agent email', secret: false, required: true, help: 'The agent the API token acts as: replies are posted as this agent' },
  { key: 'api_token', label: 'API token', secret: true, required: true, help: 'Admin Center, Apps and integrations, Zendesk API: an API token' },
  { key: 'webhook_secret', label: 'Webhook signing secret', secret: true, required: true, help: 'Admin Center, Webhooks: the webhook’s signing secret' },
  { key: 'handoff_group_id', label: 'Handoff group id', secret: false, required: false, help: 'The group a ticket is assigned to when a person is asked for' },
  PRIVATE_MODE,
  { key: 'category_field_id', label: 'Category field id', secret: false, required: false, help: 'The ticket custom field that gets the predicted category' },
  { key: 'category_keywords', label: 'Category keywords', secret: false, required: false, help: 'value: keyword, keyword; … e.g. billing: invoice, refund; technical: error, crash' },
  { key: 'priority_keywords', label: 'Priority keywords', secret: false, required: false, help: 'priority: keyword, …; e.g. urgent: outage, down; high: cannot log in' },
  { key: 'api_url', label: 'API base URL', secret: false, required: false, help: 'Leave empty for https://{subdomain}.zendesk.com; set it for a proxy' },
];

export const ZAMMAD_FIELDS: ConnectFieldInfo[] = [
  { key: 'api_url', label: 'Zammad URL', secret: false, required: true, help: 'Your Zammad address, e.g. https://helpdesk.example.com' },
  { key: 'access_token', label: 'Access token', secret: true, required: true, help: 'Profile, Token Access: a token with the ticket.agent permission' },
  { key: 'webhook_secret', label: 'HMAC SHA1 signature token', secret: true, required: true, help: 'Settings, Webhook: the webhook’s HMAC SHA1 Signature Token' },
  { key: 'handoff_group', label: 'Handoff group', secret: false, required: false, help: 'Group id or name a ticket moves to when a person is asked for' },
  PRIVATE_MODE,
];

export const SALESFORCE_FIELDS: ConnectFieldInfo[] = [
  { key: 'api_url', label: 'My Domain URL', secret: false, required: true, help: 'e.g. https://acme.my.salesforce.com (Setup, My Domain)' },
  { key: 'client_id', label: 'Consumer key', secret: false, required: true, help: 'The connected app’s consumer key (client credentials flow enabled)' },
  { key: 'client_secret', label: 'Consumer secret', secret: true, required: true, help: 'The connected app’s consumer secret' },
  { key: 'callout_token', label: 'Callout token', secret: true, required: true, help: 'A long random value; the Flow’s named credential sends it as X-Parley-Token' },
  { key: 'handoff_queue_id', label: 'Handoff queue id', secret: false, required: false, help: 'The queue (00G…) a case is owned by when a person is asked for' },
  PRIVATE_MODE,
];

export const CHANNEL_TYPES: ChannelTypeInfo[] = [
  { type: 'website_widget', label: 'Website widget', kind: 'widget', availability: 'available', summary: 'Launcher, inline or iframe on your pages' },
  { type: 'api', label: 'API', kind: 'api', availability: 'available', summary: 'Your own client through /v1 with an API key' },
  { type: 'slack', label: 'Slack', kind: 'team_chat', availability: 'available', summary: 'Direct messages to the bot and mentions in channels, answered in the thread', fields: SLACK_FIELDS },
  { type: 'mattermost', label: 'Mattermost', kind: 'team_chat', availability: 'available', summary: 'Mentions of the bot in channels and a slash command in direct messages, answered in the thread', fields: MATTERMOST_FIELDS },
  { type: 'zendesk', label: 'Zendesk', kind: 'ticketing', availability: 'available', summary: 'New tickets and requester comments answered as ticket comments; hand-over to a group', fields: ZENDESK_FIELDS },
  { type: 'zammad', label: 'Zammad', kind: 'ticketing', availability: 'available', summary: 'Customer articles answered as ticket articles; hand-over to a group', fields: ZAMMAD_FIELDS },
  { type: 'salesforce', label: 'Salesforce', kind: 'crm', availability: 'available', summary: 'New cases and case comments answered as case comments; hand-over to a queue', fields: SALESFORCE_FIELDS },
  { type: 'messaging', label: 'Messaging platform', kind: 'messaging', availability: 'coming_soon', summary: 'Coming soon' },
];

/** Types connected through /platform-channels (docs/channels.md). */
export const PLATFORM_TYPES = ['slack', 'zendesk', 'zammad', 'mattermost', 'salesforce'] as const;
export type PlatformType = (typeof PLATFORM_TYPES)[number];

/** The spec 2.10 kind of a conversation's channel type; a type not listed keeps its own name. */
export const channelKind = (type: string): string => CHANNEL_TYPES.find((t) => t.type === type)?.kind ?? type;
