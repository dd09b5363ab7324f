// A project's audiences (spec 2.8, docs/behaviour.md "Audiences"): the only module of the Audiences
// page that calls the API. Reads need project:read, changes deployment:update.
import type { Audience, AudienceBody, AudiencePatchBody } from '../../shared/schemas/behaviour.js';
import { api } from './api.js';

const base = (projectId: string) => `/v1/projects/${encodeURIComponent(projectId)}/audiences`;
const one = (projectId: string, id: string) => `${base(projectId)}/${encodeURIComponent(id)}`;

export const audiencesPath = (projectId: string) => `/app/p/${projectId}/audiences`;
export const listAudiences = async (projectId: string) => (await api<{ data: Audience[] }>('GET', base(projectId))).data;
export const createAudience = (projectId: string, body: AudienceBody) => api<Audience>('POST', base(projectId), body);
export const updateAudience = (projectId: string, id: string, body: AudiencePatchBody) => api<Audience>('PATCH', one(projectId, id), body);
/** Refused (409) while a guidance rule uses the audience: the message says so. */
export const deleteAudience = (projectId: string, id: string) => api<void>('DELETE', one(projectId, id));
