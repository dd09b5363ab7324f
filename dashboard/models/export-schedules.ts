// Recurring exports (spec 4.1 "data-export settings", docs/api.md "Exports"): the project's daily or
// weekly exports sent to an e-mail address or a webhook URL.
import { signal } from '@preact/signals';
import type { ExportSchedule, ExportScheduleBody } from '../../shared/schemas/exports.js';
import { api } from './api.js';

export const schedules = signal<ExportSchedule[] | null>(null);

const path = (projectId: string) => `/v1/projects/${encodeURIComponent(projectId)}/export-schedules`;

export async function loadSchedules(projectId: string): Promise<void> {
  schedules.value = (await api<{ data: ExportSchedule[] }>('GET', path(projectId))).data;
}

export async function createSchedule(projectId: string, body: ExportScheduleBody): Promise<void> {
  await api('POST', path(projectId), body);
  await loadSchedules(projectId);
}

export async function deleteSchedule(projectId: string, id: string): Promise<void> {
  await api('DELETE', `${path(projectId)}/${encodeURIComponent(id)}`);
  await loadSchedules(projectId);
}
