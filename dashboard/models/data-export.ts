// The project's full data export (spec 4.1, docs/api.md "Exports"): the exports of the last days with
// their status, progress and download links, the 2-a-day limit, and a new request. While one is
// being built the list is asked for again every few seconds (the job runs on the server; nothing
// waits on a request).
import { signal } from '@preact/signals';
import type { FullExportList } from '../../shared/schemas/exports.js';
import { api } from './api.js';

export const fullExports = signal<FullExportList | null>(null);

const path = (projectId: string) => `/v1/projects/${encodeURIComponent(projectId)}/full-exports`;
const POLL_MS = 2000;
let timer: ReturnType<typeof setTimeout> | undefined;
let watching = '';

const busy = (list: FullExportList | null) => Boolean(list?.data.some((j) => j.status === 'queued' || j.status === 'running'));

export async function loadFullExports(projectId: string): Promise<void> {
  watching = projectId;
  clearTimeout(timer);
  const list = await api<FullExportList>('GET', path(projectId));
  if (watching !== projectId) return;
  fullExports.value = list;
  if (busy(list)) timer = setTimeout(() => void loadFullExports(projectId).catch(() => undefined), POLL_MS);
}

export async function requestFullExport(projectId: string): Promise<void> {
  await api('POST', path(projectId));
  await loadFullExports(projectId);
}

/** Stops polling when the page goes. */
export function stopWatching() {
  watching = '';
  clearTimeout(timer);
}
