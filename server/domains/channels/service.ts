// Platform channels of a project (spec 2.10; docs/channels.md): connect, change, list and remove.
// Credentials are sealed with the master key on the way in and answered masked, never in clear; a
// connection is checked against the platform when saved (Slack `auth.test`), which also tells who
// the bot is there (its user id, so a mention of it is not part of the question).
import type { Channel } from '../../../shared/schemas/entities.js';
import { TOGGLE_ON } from '../../../shared/channel-types.js';
import type { CreatePlatformChannelBody, PatchPlatformChannelBody, PlatformChannelOut } from '../../../shared/schemas/platform-channels.js';
import type { AppContext } from '../../context.js';
import { AppError, invalid, notFound } from '../../errors.js';
import { newId, now } from '../../lib/ids.js';
import { checkMcpUrl } from '../mcp/url-policy.js';
import { platformOf } from './registry.js';
import type { ChannelPlatform, OpenConnection } from './types.js';

/** Enough of a secret to recognise it, never enough to use it. */
export function mask(secret: string): string {
  return secret.length <= 8 ? '••••' : `${secret.slice(0, 4)}…${secret.slice(-4)}`;
}

export function eventsUrl(base: string, c: Pick<Channel, 'project_id' | 'id' | 'type'>): string {
  return `${base}/v1/channels/${c.type}/${c.project_id}/${c.id}/events`;
}

export function createPlatformChannelService(ctx: AppContext, baseUrl: () => string) {
  const channels = ctx.store.collection('channels');

  function platform(type: string): ChannelPlatform {
    const p = platformOf(type);
    if (!p) throw invalid(`${type} is not a platform channel type`, [{ path: 'type', message: 'is not available' }]);
    return p;
  }

  async function get(projectId: string, channelId: string): Promise<Channel & { platform: NonNullable<Channel['platform']> }> {
    const c = await channels.get(projectId, channelId);
    if (!c || !c.platform || !platformOf(c.type)) throw notFound('channel');
    return c as Channel & { platform: NonNullable<Channel['platform']> };
  }

  async function alias(projectId: string, name: string | null | undefined) {
    if (typeof name === 'string' && !(await ctx.store.collection('aliases').get(projectId, name))) {
      throw new AppError('unknown_alias', `alias: no alias ${JSON.stringify(name)} in this project (PUT /aliases/${name} creates it)`, { alias: name });
    }
  }

  /** The stored connection with `values` applied: secrets sealed, settings plain, empty settings cleared. */
  function apply(p: ChannelPlatform, current: NonNullable<Channel['platform']>, values: Record<string, string>) {
    const next = { sealed: { ...current.sealed }, settings: { ...current.settings } };
    const known = new Set(p.fields.map((f) => f.key));
    const unknown = Object.keys(values).filter((k) => !known.has(k));
    if (unknown.length) throw invalid(`${p.label} has no field ${unknown.join(', ')}`, unknown.map((k) => ({ path: `values.${k}`, message: 'is not a field of this platform' })));
    // A toggle is set with "on" and cleared with "": anything else would read as off without a word.
    const badToggles = p.fields.filter((f) => f.toggle && values[f.key] !== undefined && !['', TOGGLE_ON].includes(values[f.key].trim()));
    if (badToggles.length) throw invalid(`${badToggles.map((f) => f.label).join(', ')}: "${TOGGLE_ON}" to turn on, "" to turn off`, badToggles.map((f) => ({ path: `values.${f.key}`, message: `must be "${TOGGLE_ON}" or ""` })));
    for (const f of p.fields) {
      const v = values[f.key]?.trim();
      if (v === undefined) continue;
      if (f.secret) {
        if (v) next.sealed[f.key] = ctx.box.seal(v);
      } else if (v) next.settings[f.key] = v;
      else delete next.settings[f.key];
    }
    if (next.settings.api_url) checkMcpUrl(next.settings.api_url, ctx.config.allowPrivateFetch);
    const missing = p.fields.filter((f) => f.required && !(f.secret ? next.sealed[f.key] : next.settings[f.key]));
    if (missing.length) throw invalid(`${missing.map((f) => f.label).join(', ')} ${missing.length > 1 ? 'are' : 'is'} required`, missing.map((f) => ({ path: `values.${f.key}`, message: 'is required' })));
    return next;
  }

  function open(c: Pick<Channel, 'platform'>): OpenConnection {
    const credentials: Record<string, string> = {};
    for (const [k, v] of Object.entries(c.platform?.sealed ?? {})) credentials[k] = ctx.box.open(v);
    return { credentials, settings: { ...(c.platform?.settings ?? {}) } };
  }

  async function identify(p: ChannelPlatform, connection: Channel['platform'] & object) {
    const result = await p.identify(open({ platform: connection }));
    if (!result.ok) throw new AppError('platform_rejected', `${p.label} refused the credentials: ${result.error}`);
    return result.identity;
  }

  function out(c: Channel): PlatformChannelOut {
    const p = platform(c.type);
    const values: Record<string, string> = {};
    for (const f of p.fields) {
      if (f.secret && c.platform?.sealed[f.key]) values[f.key] = mask(ctx.box.open(c.platform.sealed[f.key]));
      else if (!f.secret && c.platform?.settings[f.key]) values[f.key] = c.platform.settings[f.key];
    }
    return {
      id: c.id, project_id: c.project_id, type: c.type as PlatformChannelOut['type'], name: c.name, alias: c.alias ?? null,
      values, identity: c.platform?.identity ?? {}, events_url: eventsUrl(baseUrl(), c), created_at: c.created_at,
    };
  }

  return {
    get,
    open,
    out,
    async list(projectId: string): Promise<Channel[]> {
      return (await channels.list(projectId)).filter((c) => c.platform && platformOf(c.type));
    },

    async create(projectId: string, body: CreatePlatformChannelBody): Promise<Channel> {
      const p = platform(body.type);
      await alias(projectId, body.alias);
      const connection = apply(p, { sealed: {}, settings: {} }, body.values);
      const identity = await identify(p, connection);
      const channel: Channel = {
        id: newId(), project_id: projectId, type: p.type, name: body.name.trim(),
        // Never opened by a widget (projects service): the field is there because every channel has one.
        frame_id: `pc_${newId()}`, allowed_origins: [],
        // A platform has no "Talk to a person" button to confirm an offer with: a request for a person
        // hands over at once (docs/operators.md "Handover").
        handoff: 'immediate',
        ...(body.alias ? { alias: body.alias } : {}),
        platform: { ...connection, identity },
        created_at: now(),
      };
      return channels.put(projectId, channel);
    },

    async update(projectId: string, channelId: string, body: PatchPlatformChannelBody): Promise<Channel> {
      const current = await get(projectId, channelId);
      await alias(projectId, body.alias);
      const p = platform(current.type);
      const connection = body.values ? apply(p, current.platform, body.values) : current.platform;
      const identity = body.values ? await identify(p, connection) : current.platform.identity;
      const updated = await channels.update(projectId, channelId, (c) => {
        const next: Channel = { ...c, platform: { ...connection, identity } };
        if (body.name !== undefined) next.name = body.name.trim();
        if (body.alias === null) delete next.alias;
        else if (body.alias !== undefined) next.alias = body.alias;
        return next;
      });
      if (!updated) throw notFound('channel');
      return updated;
    },

    async remove(projectId: string, channelId: string): Promise<void> {
      await get(projectId, channelId);
      await channels.delete(projectId, channelId);
    },
  };
}

export type PlatformChannelService = ReturnType<typeof createPlatformChannelService>;
