// Website-widget channels over the API (spec 2.10; docs/api.md "Widget channels"): one schema per
// shape, used by the server (validation, OpenAPI) and the console. The identity secret never appears
// in a channel: only the rotate call returns it, once.
import { Type, type Static } from 'typebox';
import { AttachmentTypeSchema, ChannelAttachmentsSchema, ChannelTextsByLocaleSchema } from './entities.js';

const closed = { additionalProperties: false } as const;
const Id = Type.String({ format: 'uuid' });

/** Accent colour: hex only, so the console's colour input and the widget agree on what is valid. */
export const ChannelColor = Type.String({ pattern: '^#[0-9a-fA-F]{6}$', description: 'Accent colour, `#rrggbb`' });
export const ChannelPosition = Type.Union([Type.Literal('right'), Type.Literal('left')]);

export const ChannelThemeSchema = Type.Object(
  {
    color: Type.Optional(ChannelColor),
    position: Type.Optional(ChannelPosition),
    z_index: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647 })),
  },
  closed,
);

const Origins = Type.Array(Type.String({ maxLength: 300 }), {
  maxItems: 100,
  description: 'Page origins allowed to open the widget (spec 8.2): `https://shop.example.com`, `https://*.example.com` (nested subdomains, not the bare domain), `http://localhost:8080`, or `*` for any page.',
});

/** The settings a site owner edits; every field optional on PATCH, `null` clears an override. */
const settings = {
  name: Type.String({ minLength: 1, maxLength: 120, description: 'Shown in the widget header' }),
  allowed_origins: Origins,
  greeting: Type.String({ minLength: 1, maxLength: 2000, description: 'Welcome message in the default language; unset (null): the widget shows none' }),
  locale: Type.String({ pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$', description: 'Default language (BCP 47); unset = the visitor’s' }),
  texts: ChannelTextsByLocaleSchema,
  theme: ChannelThemeSchema,
  session_ttl_days: Type.Integer({ minimum: 1, maximum: 365, description: 'Session cookie lifetime override (spec 5.1; default 7)' }),
  require_verified_identity: Type.Boolean(),
  voice_enabled: Type.Boolean(),
  attachments: ChannelAttachmentsSchema,
  handoff: Type.Union([Type.Literal('offer'), Type.Literal('immediate'), Type.Literal('off')], {
    description: 'A request for a person (docs/operators.md "Handover"): `offer` (default) offers the handoff at once, `immediate` hands over at once, `off` never (no "Talk to a person" in the widget)',
  }),
  alias: Type.String({ pattern: '^[a-z0-9][a-z0-9_-]{0,39}$', description: 'The deployment alias this channel follows (spec 2.10); unset: the draft, which every edit reaches at once' }),
};

export const CreateChannelBody = Type.Object(
  {
    name: settings.name,
    allowed_origins: Type.Optional(settings.allowed_origins),
    greeting: Type.Optional(settings.greeting),
    locale: Type.Optional(settings.locale),
    texts: Type.Optional(settings.texts),
    theme: Type.Optional(settings.theme),
    session_ttl_days: Type.Optional(settings.session_ttl_days),
    require_verified_identity: Type.Optional(settings.require_verified_identity),
    voice_enabled: Type.Optional(settings.voice_enabled),
    attachments: Type.Optional(settings.attachments),
    handoff: Type.Optional(settings.handoff),
    alias: Type.Optional(settings.alias),
  },
  closed,
);
export type CreateChannelBody = Static<typeof CreateChannelBody>;

const clearable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Optional(Type.Union([t, Type.Null()]));

export const PatchChannelBody = Type.Object(
  {
    name: Type.Optional(settings.name),
    allowed_origins: Type.Optional(settings.allowed_origins),
    greeting: clearable(settings.greeting),
    locale: clearable(settings.locale),
    texts: Type.Optional(settings.texts),
    theme: Type.Optional(settings.theme),
    session_ttl_days: clearable(settings.session_ttl_days),
    require_verified_identity: Type.Optional(settings.require_verified_identity),
    voice_enabled: Type.Optional(settings.voice_enabled),
    attachments: Type.Optional(settings.attachments),
    handoff: Type.Optional(settings.handoff),
    alias: clearable(settings.alias),
  },
  closed,
);
export type PatchChannelBody = Static<typeof PatchChannelBody>;

export const ChannelOut = Type.Object({
  id: Id,
  project_id: Id,
  type: Type.Literal('website_widget'),
  frame_id: Type.String({ description: 'Public id the embed snippet names' }),
  name: Type.String(),
  allowed_origins: Type.Array(Type.String()),
  greeting: Type.Union([Type.String(), Type.Null()]),
  locale: Type.Union([Type.String(), Type.Null()]),
  texts: ChannelTextsByLocaleSchema,
  theme: ChannelThemeSchema,
  session_ttl_days: Type.Union([Type.Integer(), Type.Null()], { description: 'null: the default of 7 days' }),
  require_verified_identity: Type.Boolean(),
  voice_enabled: Type.Boolean(),
  /** Visitors' file uploads with the defaults filled in (docs/attachments.md "Limits"). */
  attachments: Type.Object({ enabled: Type.Boolean(), max_bytes: Type.Integer(), types: Type.Array(AttachmentTypeSchema) }),
  handoff: settings.handoff,
  has_identity_secret: Type.Boolean({ description: 'Whether a secret exists; it is shown only when rotated' }),
  alias: Type.Union([Type.String(), Type.Null()], { description: 'The deployment alias it follows; null: the draft' }),
  created_at: Type.String({ format: 'date-time' }),
});
export type ChannelOut = Static<typeof ChannelOut>;

export const ChannelList = Type.Object({ data: Type.Array(ChannelOut) });
export const ChannelParams = Type.Object({ project_id: Id, channel_id: Id }, closed);

export const OriginCheckQuery = Type.Object({ url: Type.String({ minLength: 1, maxLength: 2000, description: 'A page address, e.g. https://shop.example.com/help' }) }, closed);
export const OriginCheckOut = Type.Object({
  origin: Type.String({ description: 'The page’s origin, as the browser sends it' }),
  allowed: Type.Boolean(),
  matched: Type.Union([Type.String(), Type.Null()], { description: 'The allowed-origins entry that lets it in' }),
  reason: Type.String(),
});
export type OriginCheckOut = Static<typeof OriginCheckOut>;

export const SecretOut = Type.Object({ identity_secret: Type.String({ description: 'Shown once; earlier signatures stop working' }) });

const SnippetMode = Type.Object({
  html: Type.String({ description: 'Paste into the page' }),
  csp: Type.String({ description: 'What a page with its own Content-Security-Policy adds (csp.md)' }),
});
export const ChannelSnippetsOut = Type.Object({
  loader_url: Type.String(),
  frame_url: Type.String({ description: 'The channel’s own frame page, CHAT_URL/frame/{frame_id}: iframe mode, and the console’s live preview' }),
  integrity: Type.Union([Type.String(), Type.Null()]),
  modes: Type.Object({ launcher: SnippetMode, inline: SnippetMode, iframe: SnippetMode }),
});
export type ChannelSnippetsOut = Static<typeof ChannelSnippetsOut>;
