// Platform channels over the API (spec 2.10; docs/channels.md): team-chat connections with their
// credentials (write-only, answered masked), the inbound events they received and a test send.
import { Type, type Static } from 'typebox';
import { PLATFORM_TYPES } from '../channel-types.js';

const closed = { additionalProperties: false } as const;
const Id = Type.String({ format: 'uuid' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

// The types with code behind them (shared/channel-types.ts PLATFORM_TYPES): adding one there is all this needs.
export const PlatformTypeSchema = Type.Union(PLATFORM_TYPES.map((t) => Type.Literal(t)));
const Alias = Type.String({ pattern: '^[a-z0-9][a-z0-9_-]{0,39}$', description: 'The deployment alias this channel follows (spec 2.10); unset: the draft' });
const Values = Type.Record(Type.String({ maxLength: 60 }), Type.String({ maxLength: 2000 }));

export const CreatePlatformChannelBody = Type.Object(
  {
    type: PlatformTypeSchema,
    name: Type.String({ minLength: 1, maxLength: 120 }),
    alias: Type.Optional(Alias),
    /** The connect form's values by field key (shared/channel-types.ts): secrets and settings. */
    values: Values,
  },
  closed,
);
export type CreatePlatformChannelBody = Static<typeof CreatePlatformChannelBody>;

export const PatchPlatformChannelBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
    alias: Type.Optional(Type.Union([Alias, Type.Null()])),
    /** Only the fields to change; a secret left out keeps its stored value, an empty setting clears it. */
    values: Type.Optional(Values),
  },
  closed,
);
export type PatchPlatformChannelBody = Static<typeof PatchPlatformChannelBody>;

export const PlatformChannelOut = Type.Object({
  id: Id,
  project_id: Id,
  type: PlatformTypeSchema,
  name: Type.String(),
  alias: Nullable(Type.String()),
  /** Secrets masked (`xoxb…a1b2`), settings as stored. */
  values: Type.Record(Type.String(), Type.String()),
  /** What the platform said about the bot when connected (Slack: team, team_id, bot_user_id). */
  identity: Type.Record(Type.String(), Type.String()),
  /** The URL to give the platform for its events (Slack: Event Subscriptions, Request URL). */
  events_url: Type.String(),
  created_at: Type.String(),
});
export type PlatformChannelOut = Static<typeof PlatformChannelOut>;

export const PlatformChannelList = Type.Object({ data: Type.Array(PlatformChannelOut) });

export const PlatformChannelParams = Type.Object({ project_id: Id, channel_id: Id }, closed);

export const InboundEventStatus = Type.Union([
  Type.Literal('received'),
  Type.Literal('answered'),
  Type.Literal('handed_over'),
  Type.Literal('no_reply'),
  Type.Literal('ignored'),
  Type.Literal('failed'),
]);

export const InboundEventOut = Type.Object({
  id: Type.String(),
  platform_event_id: Nullable(Type.String()),
  status: InboundEventStatus,
  /** What happened, in a sentence (why it was ignored, why there was no reply, the error). */
  outcome: Type.String(),
  conversation_id: Nullable(Type.String()),
  received_at: Type.String(),
  /** How many times the platform delivered it (its retries are not answered again). */
  deliveries: Type.Integer(),
});
export type InboundEventOut = Static<typeof InboundEventOut>;
export const InboundEventList = Type.Object({ data: Type.Array(InboundEventOut) });

export const TestSendBody = Type.Object(
  { target: Type.String({ minLength: 1, maxLength: 200, description: 'Where to post: a Slack channel id (C…) or user id (U…), a ticket number (Zendesk, Zammad: posted as an internal note)' }), text: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })) },
  closed,
);
export const TestSendOut = Type.Object({ ok: Type.Boolean(), error: Nullable(Type.String()), message_id: Nullable(Type.String()) });
export type TestSendOut = Static<typeof TestSendOut>;
