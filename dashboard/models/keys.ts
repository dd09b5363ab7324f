// A project's API keys (spec 2.3, 3.3; docs/api.md "API keys"): the only module of the Keys page that
// calls the API. The full key appears twice at most: in the create answer and after a reveal.
import type { ApiKey } from '../../shared/schemas/entities.js';
import { PERMISSIONS } from '../../shared/permissions.js';
import { api } from './api.js';

export type PublicKey = Omit<ApiKey, 'key_hash' | 'encrypted_key'>;
export const ALL_PERMISSIONS: readonly string[] = PERMISSIONS;

const base = (projectId: string) => `/v1/org/projects/${encodeURIComponent(projectId)}/api-keys`;
const one = (projectId: string, id: string) => `${base(projectId)}/${encodeURIComponent(id)}`;

export const keysPath = (projectId: string) => `/app/p/${projectId}/keys`;
export const listKeys = async (projectId: string) => (await api<{ data: PublicKey[] }>('GET', base(projectId))).data;
export const createKey = (projectId: string, name: string, permissions: string[]) =>
  api<{ api_key: PublicKey; key: string }>('POST', base(projectId), { name, permissions });
export const revealKey = async (projectId: string, id: string, password: string) => (await api<{ key: string }>('POST', `${one(projectId, id)}/reveal`, { password })).key;
export const updateKey = (projectId: string, id: string, patch: { name?: string; permissions?: string[] }) => api<PublicKey>('PATCH', one(projectId, id), patch);
export const deleteKey = (projectId: string, id: string) => api<void>('DELETE', one(projectId, id));
