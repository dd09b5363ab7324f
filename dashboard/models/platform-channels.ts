// Team-chat channels (docs/channels.md): the only module of the Channels pages that calls the
// /platform-channels API. Secrets go in and never come back: the API answers them masked.
import type { InboundEventOut, PlatformChannelOut, TestSendOut } from '../../shared/schemas/platform-channels.js';
import { api } from './api.js';

export type { InboundEventOut, PlatformChannelOut, TestSendOut };

const base = (projectId: string) => `/v1/projects/${encodeURIComponent(projectId)}/platform-channels`;
const one = (projectId: string, id: string) => `${base(projectId)}/${encodeURIComponent(id)}`;

export const platformChannelPath = (projectId: string, c: Pick<PlatformChannelOut, 'id' | 'type'>) => `/app/p/${projectId}/channels/${c.type}/${c.id}`;

export const listPlatformChannels = async (projectId: string) => (await api<{ data: PlatformChannelOut[] }>('GET', base(projectId))).data;
export const getPlatformChannel = (projectId: string, id: string) => api<PlatformChannelOut>('GET', one(projectId, id));
export const connectPlatformChannel = (projectId: string, body: { type: PlatformChannelOut['type']; name: string; values: Record<string, string> }) => api<PlatformChannelOut>('POST', base(projectId), body);
export const updatePlatformChannel = (projectId: string, id: string, body: { name?: string; values?: Record<string, string> }) => api<PlatformChannelOut>('PATCH', one(projectId, id), body);
export const deletePlatformChannel = (projectId: string, id: string) => api<void>('DELETE', one(projectId, id));
export const sendTest = (projectId: string, id: string, target: string) => api<TestSendOut>('POST', `${one(projectId, id)}/test`, { target });
export const listInboundEvents = async (projectId: string, id: string) => (await api<{ data: InboundEventOut[] }>('GET', `${one(projectId, id)}/events`)).data;

/** The status words of the inbound-event log. */
export const EVENT_STATUS: Record<InboundEventOut['status'], string> = {
  received: 'waiting',
  answered: 'answered',
  handed_over: 'handed over',
  no_reply: 'no reply',
  ignored: 'ignored',
  failed: 'failed',
};
