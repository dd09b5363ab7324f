// A project's triggers (spec 6, docs/behaviour.md "Triggers"): the only module of the Triggers page
// that calls the API. They run in `priority` order before every AI reply; reordering sends every
// trigger's id once, first to run first.
import type { Trigger, TriggerBody, TriggerPatchBody } from '../../shared/schemas/triggers.js';
import { api } from './api.js';

const base = (projectId: string) => `/v1/projects/${encodeURIComponent(projectId)}/triggers`;
const one = (projectId: string, id: string) => `${base(projectId)}/${encodeURIComponent(id)}`;

export const triggersPath = (projectId: string) => `/app/p/${projectId}/triggers`;
export const listTriggers = async (projectId: string) => (await api<{ data: Trigger[] }>('GET', base(projectId))).data;
export const createTrigger = (projectId: string, body: TriggerBody) => api<Trigger>('POST', base(projectId), body);
export const updateTrigger = (projectId: string, id: string, body: TriggerPatchBody) => api<Trigger>('PATCH', one(projectId, id), body);
export const deleteTrigger = (projectId: string, id: string) => api<void>('DELETE', one(projectId, id));
export const reorderTriggers = async (projectId: string, ids: string[]) => (await api<{ data: Trigger[] }>('POST', `${base(projectId)}/reorder`, { trigger_ids: ids })).data;

/** The order after moving one trigger a step up (-1) or down (+1); unchanged at either end. */
export function moved(ids: string[], id: string, step: -1 | 1): string[] {
  const i = ids.indexOf(id);
  const j = i + step;
  if (i < 0 || j < 0 || j >= ids.length) return ids;
  const next = [...ids];
  [next[i], next[j]] = [next[j], next[i]];
  return next;
}
