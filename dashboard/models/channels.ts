// Website-widget channels (docs/api.md "Widget channels"): the only module of the Channels pages
// that calls the API. Pages keep their form state; this module loads and saves.
import type { ChannelOut, ChannelSnippetsOut, CreateChannelBody, OriginCheckOut, PatchChannelBody } from '../../shared/schemas/channels.js';
import { api, withQuery } from './api.js';

export type { ChannelOut, ChannelSnippetsOut, OriginCheckOut, PatchChannelBody } from '../../shared/schemas/channels.js';

const base = (projectId: string) => `/v1/projects/${encodeURIComponent(projectId)}/channels`;
const one = (projectId: string, channelId: string) => `${base(projectId)}/${encodeURIComponent(channelId)}`;

export const channelsPath = (projectId: string) => `/app/p/${projectId}/channels`;
export const channelPath = (projectId: string, channelId: string) => `${channelsPath(projectId)}/${channelId}`;

export const listChannels = async (projectId: string) => (await api<{ data: ChannelOut[] }>('GET', base(projectId))).data;
export const getChannel = (projectId: string, channelId: string) => api<ChannelOut>('GET', one(projectId, channelId));
export const createChannel = (projectId: string, body: CreateChannelBody) => api<ChannelOut>('POST', base(projectId), body);
export const saveChannel = (projectId: string, channelId: string, patch: PatchChannelBody) => api<ChannelOut>('PATCH', one(projectId, channelId), patch);
export const deleteChannel = (projectId: string, channelId: string) => api<void>('DELETE', one(projectId, channelId));
export const checkOrigin = (projectId: string, channelId: string, url: string) =>
  api<OriginCheckOut>('GET', withQuery(`${one(projectId, channelId)}/origin-check`, { url }));
export const rotateSecret = async (projectId: string, channelId: string) =>
  (await api<{ identity_secret: string }>('POST', `${one(projectId, channelId)}/identity-secret`)).identity_secret;
export const loadSnippets = (projectId: string, channelId: string) => api<ChannelSnippetsOut>('GET', `${one(projectId, channelId)}/snippets`);

/** Copies text for the site owner; false when the browser refuses (the text stays selectable). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
