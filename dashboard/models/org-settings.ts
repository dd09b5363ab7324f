// The organization's settings and data rules (docs/api.md "Organization settings").
import type { Organization } from '../../shared/schemas/entities.js';
import type { OrgSettingsPatch, ErasureRecord } from '../../shared/schemas/org-settings.js';
import { api } from './api.js';

export interface RetentionPreview {
  retention_days: number | null;
  due_conversations: number;
  cutoff: string | null;
}

export const loadOrganization = () => api<Organization>('GET', '/v1/org');
export const saveSettings = (settings: OrgSettingsPatch) => api<Organization>('PATCH', '/v1/org', { settings });
export const loadRetention = () => api<RetentionPreview>('GET', '/v1/org/retention');
export const eraseUser = (project_id: string, user_id: string) => api<ErasureRecord>('POST', '/v1/org/erasures', { project_id, user_id });
export const loadErasures = async () => (await api<{ data: ErasureRecord[] }>('GET', '/v1/org/erasures')).data;
