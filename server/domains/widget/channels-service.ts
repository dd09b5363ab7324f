// Website-widget channels of a project (spec 2.10): the settings a site owner edits over the API and
// the console. Every widget reads its channel from the store when it connects (handlers/hello.ts),
// so a change reaches the next page load or reconnect without a restart.
import type { Channel } from '../../../shared/schemas/entities.js';
import type { ChannelOut, CreateChannelBody, PatchChannelBody } from '../../../shared/schemas/channels.js';
import type { AppContext } from '../../context.js';
import { AppError, invalid, notFound } from '../../errors.js';
import { randomToken } from '../../lib/ids.js';
import { validateOrigins } from './origin-rules.js';
import { DEFAULT_ACCENT } from '../../../shared/channel-defaults.js';
import { channelAttachments } from '../attachments/limits.js';

/** The public view: never the identity secret (spec 2.4), only whether one exists. */
export function publicChannel(c: Channel): ChannelOut {
  return {
    id: c.id,
    project_id: c.project_id,
    type: 'website_widget',
    frame_id: c.frame_id,
    name: c.name,
    allowed_origins: c.allowed_origins,
    greeting: c.greeting ?? null,
    locale: c.locale ?? null,
    texts: c.texts ?? {},
    // The colour the widget uses, also when none was set (shared/channel-defaults.ts); the side stays
    // unset unless chosen, since an unset side follows the visitor's reading direction.
    theme: { color: DEFAULT_ACCENT, ...c.theme },
    session_ttl_days: c.session_ttl_days ?? null,
    require_verified_identity: c.require_verified_identity ?? false,
    voice_enabled: c.voice_enabled ?? true,
    attachments: channelAttachments(c),
    handoff: c.handoff ?? 'offer',
    has_identity_secret: Boolean(c.identity_secret),
    alias: c.alias ?? null,
    created_at: c.created_at,
  };
}

function origins(list: readonly string[] | undefined): string[] | undefined {
  if (list === undefined) return undefined;
  const { origins: clean, problems } = validateOrigins(list);
  if (problems.length) throw invalid(problems.map((p) => p.message).join('; '), problems);
  return clean;
}

function texts(value: Channel['texts']): Channel['texts'] {
  if (!value) return value;
  const bad = Object.keys(value).filter((tag) => !/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(tag));
  if (bad.length) throw invalid(`Texts are keyed by language tag (en, de, pt-BR): ${bad.join(', ')} is not one`, bad.map((t) => ({ path: `texts.${t}`, message: 'is not a language tag' })));
  return value;
}

export function createChannelService(ctx: AppContext) {
  const { projects } = ctx.services;

  /** A channel follows only an alias that exists (docs/behaviour.md "Deployments and aliases"). */
  async function alias(projectId: string, name: string | null | undefined): Promise<void> {
    if (typeof name === 'string' && !(await ctx.store.collection('aliases').get(projectId, name))) {
      throw new AppError('unknown_alias', `alias: no alias ${JSON.stringify(name)} in this project (PUT /aliases/${name} creates it)`, { alias: name });
    }
  }

  async function get(projectId: string, channelId: string): Promise<Channel> {
    const channel = (await projects.listChannels(projectId)).find((c) => c.id === channelId && c.type === 'website_widget');
    if (!channel) throw notFound('channel');
    return channel;
  }

  return {
    get,
    async list(projectId: string): Promise<Channel[]> {
      return (await projects.listChannels(projectId)).filter((c) => c.type === 'website_widget');
    },

    async create(projectId: string, body: CreateChannelBody): Promise<Channel> {
      await alias(projectId, body.alias);
      return projects.createChannel(projectId, {
        ...body,
        type: 'website_widget',
        name: body.name.trim(),
        allowed_origins: origins(body.allowed_origins) ?? [],
        texts: texts(body.texts),
      });
    },

    async update(projectId: string, channelId: string, body: PatchChannelBody): Promise<Channel> {
      await get(projectId, channelId);
      await alias(projectId, body.alias);
      // Built from the channel as the store's queue hands it over, not from a copy read before the
      // awaits above: two quick edits (an origin added, then a text) must both land.
      const build = (current: Channel): Channel => {
        const next: Channel = { ...current };
        if (body.name !== undefined) next.name = body.name.trim();
        if (body.allowed_origins !== undefined) next.allowed_origins = origins(body.allowed_origins)!;
        if (body.texts !== undefined) next.texts = texts(body.texts);
        if (body.theme !== undefined) next.theme = body.theme;
        if (body.require_verified_identity !== undefined) next.require_verified_identity = body.require_verified_identity;
        if (body.voice_enabled !== undefined) next.voice_enabled = body.voice_enabled;
        if (body.attachments !== undefined) next.attachments = body.attachments;
        if (body.handoff !== undefined) next.handoff = body.handoff;
        // null clears an override back to the default.
        for (const key of ['greeting', 'locale', 'session_ttl_days', 'alias'] as const) {
          if (body[key] === null) delete next[key];
          else if (body[key] !== undefined) (next as Record<string, unknown>)[key] = body[key];
        }
        if (next.require_verified_identity && !next.identity_secret) {
          throw new AppError('conflict', 'Rotate the identity secret first: visitors can only be verified once your backend has a secret to sign with');
        }
        return next;
      };
      // The whole record, not a merge: a cleared override must disappear from the stored channel.
      const updated = await ctx.store.collection('channels').update(projectId, channelId, build);
      if (!updated) throw notFound('channel');
      return updated;
    },

    async remove(projectId: string, channelId: string): Promise<void> {
      await get(projectId, channelId);
      await ctx.store.collection('channels').delete(projectId, channelId);
    },

    /** A new secret, returned once; every signature and identity token made with the old one stops working. */
    async rotateSecret(projectId: string, channelId: string): Promise<string> {
      await get(projectId, channelId);
      const secret = `ids_${randomToken(32)}`;
      await projects.updateChannel(projectId, channelId, { identity_secret: secret });
      return secret;
    },
  };
}

export type ChannelService = ReturnType<typeof createChannelService>;
