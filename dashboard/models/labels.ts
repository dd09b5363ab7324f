// The project's labels (spec 2.5; label:read, label:upsert to change): conversations carry label ids,
// the console shows names. Live: a label made, renamed, recoloured or deleted anywhere (another tab,
// the API) arrives as `labels.changed` on the team feed and every open page re-reads the list
// (docs/operators.md "Labels").
import { signal } from '@preact/signals';
import type { LabelWithCount } from '../../shared/schemas/operators.js';
import { api } from './api.js';
import { endpoints } from './endpoints.js';
import { onFeed } from './feed.js';

export type ConsoleLabel = LabelWithCount;
export const labels = signal<ConsoleLabel[]>([]);
let loadedFor: string | null = null;

export async function loadLabels(projectId: string): Promise<void> {
  loadedFor = projectId;
  try {
    const data = (await api<{ data: ConsoleLabel[] }>('GET', endpoints.labels(projectId))).data;
    if (loadedFor === projectId) labels.value = data;
  } catch {
    if (loadedFor === projectId) labels.value = [];
  }
}

onFeed((event) => {
  if ((event.type === 'labels.changed' || event.type === 'resync') && loadedFor) void loadLabels(loadedFor);
});

export const labelById = (id: string): ConsoleLabel | undefined => labels.value.find((l) => l.id === id);

const one = (projectId: string, id: string) => `${endpoints.labels(projectId)}/${encodeURIComponent(id)}`;

/** Each change re-reads the list at once (the feed's echo comes too, and finds nothing new). */
async function then<T>(projectId: string, call: Promise<T>): Promise<T> {
  const out = await call;
  await loadLabels(projectId);
  return out;
}

export const createLabel = (projectId: string, name: string, color: string | null) => then(projectId, api('POST', endpoints.labels(projectId), { name, color }));
export const updateLabel = (projectId: string, id: string, patch: { name?: string; color?: string | null }) => then(projectId, api('PATCH', one(projectId, id), patch));
export const deleteLabel = (projectId: string, id: string) => then(projectId, api('DELETE', one(projectId, id)));
