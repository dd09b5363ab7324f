// The facts an audience is evaluated on (spec 2.8), gathered once per reply from the conversation,
// its user, its channel and the widget visitor's page. A team-chat conversation (docs/channels.md) is
// channel type `team_chat`, a ticketing one `ticketing`. Fields no integration provides yet (messaging) are
// absent, which the evaluator treats as missing values.
import type { AppContext } from '../../context.js';
import { channelKind } from '../../../shared/channel-types.js';
import type { ConversationRecord, User } from '../../../shared/schemas/entities.js';
import { visitorFactsFor } from './visitor-facts.js';
import type { AudienceFacts } from './evaluate.js';
import type { SimulationPin } from '../../../shared/schemas/simulations.js';

// From the channel type's kind (shared/channel-types.ts): Slack and Mattermost are team chat, Zendesk and
// Zammad ticketing, Salesforce crm; the widget is channel type `browser`, integration type `widget`.
const channelTypeOf = (type: string) => (channelKind(type) === 'widget' ? 'browser' : channelKind(type));

const fullName = (u: User) => [u.first_name, u.last_name].filter(Boolean).join(' ') || null;

export function userValues(u: User | undefined): Record<string, unknown> {
  if (!u) return {};
  return {
    'user.id': u.id,
    'user.email': u.email,
    'user.phone': u.phone,
    'user.name': fullName(u),
    'user.external_id': u.external_id,
    'user.platform_ids': (u as User & { platform_ids?: unknown }).platform_ids ?? null,
    'user.timezone': u.timezone,
    'user.locales': u.locales,
    'user.external_attributes': u.external_attributes,
    'user.labels': u.labels,
    'user.last_seen': u.last_seen_at,
    'user.created': u.created_at,
    'user.email_verified': u.email_signed,
    'user.phone_verified': u.phone_signed,
    'user.external_id_verified': u.external_id_signed,
  };
}

export function conversationValues(c: ConversationRecord): Record<string, unknown> {
  const first = c.first_message_at ? Date.parse(c.first_message_at) : null;
  const last = c.last_message_at ? Date.parse(c.last_message_at) : null;
  return {
    'channel.type': channelTypeOf(c.channel_type),
    'conversation.id': c.id,
    'conversation.external_id': c.external_id,
    'conversation.message_count': c.message_count,
    'conversation.length': first !== null && last !== null ? (last - first) / 60_000 : null,
    'conversation.created': c.created_at,
    'conversation.updated': c.updated_at,
    'conversation.first_message': c.first_message_at,
    'conversation.last_message': c.last_message_at,
    'conversation.integration_type': channelKind(c.channel_type),
    'conversation.tags': c.tags,
    'conversation.labels': c.labels,
  };
}

/** A simulation's visitor (docs/behaviour.md "Simulations"): the fields its context sets, nothing else. */
function simulatedFacts(conversation: ConversationRecord, pin: SimulationPin, projectTimezone: string, now: number): AudienceFacts {
  const { user = {}, channel = {}, time } = pin.context;
  const defined = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  return {
    now: time ? Date.parse(time) : now,
    userTimezone: user.timezone ?? null,
    projectTimezone,
    values: {
      ...conversationValues(conversation),
      ...defined({
        'user.name': user.name,
        'user.email': user.email,
        'user.phone': user.phone,
        'user.external_id': user.external_id,
        'user.timezone': user.timezone,
        'user.locales': user.locales,
        'user.labels': user.labels,
        'user.external_attributes': user.external_attributes,
        'user.email_verified': user.email_verified,
        'user.phone_verified': user.phone_verified,
        'user.external_id_verified': user.external_id_verified,
        'channel.type': channel.type ?? 'browser',
        'channel.browser_url': channel.browser_url,
      }),
    },
  };
}

export async function gatherFacts(ctx: AppContext, conversation: ConversationRecord, projectTimezone: string, now = Date.now()): Promise<AudienceFacts> {
  if (conversation.simulation) return simulatedFacts(conversation, conversation.simulation, projectTimezone, now);
  const [user, visitor] = await Promise.all([
    ctx.services.users.get(conversation.project_id, conversation.user_id),
    conversation.channel_type === 'website_widget' ? visitorFactsFor(ctx, conversation.project_id, conversation.id) : null,
  ]);
  return {
    now,
    userTimezone: user?.timezone ?? null,
    projectTimezone,
    values: {
      ...userValues(user),
      ...conversationValues(conversation),
      'channel.browser_url': visitor?.browserUrl ?? null,
      'channel.user_agent': visitor?.userAgent ?? null,
    },
  };
}
