// The project's canned replies (docs/operators.md "Canned replies"): the Canned replies page manages
// them, the reply box's `/` picker reads them. One list per project, loaded when first needed.
import { signal } from '@preact/signals';
import type { CannedReply, CannedReplyBody, CannedReplyPatchBody } from '../../shared/schemas/canned-replies.js';
import { api } from './api.js';

export type { CannedReply };
export const cannedReplies = signal<CannedReply[]>([]);
let loadedFor: string | null = null;

const base = (projectId: string) => `/v1/projects/${encodeURIComponent(projectId)}/canned-replies`;
const one = (projectId: string, id: string) => `${base(projectId)}/${encodeURIComponent(id)}`;

export const cannedRepliesPath = (projectId: string) => `/app/p/${projectId}/canned-replies`;

export async function loadCannedReplies(projectId: string): Promise<void> {
  loadedFor = projectId;
  const data = (await api<{ data: CannedReply[] }>('GET', base(projectId))).data;
  if (loadedFor === projectId) cannedReplies.value = data;
}

/** Loads the list unless this project's is there already (the picker, on every conversation). */
export function ensureCannedReplies(projectId: string): void {
  if (loadedFor !== projectId) void loadCannedReplies(projectId).catch(() => undefined);
}

async function then<T>(projectId: string, call: Promise<T>): Promise<T> {
  const out = await call;
  await loadCannedReplies(projectId);
  return out;
}

export const createCannedReply = (projectId: string, body: CannedReplyBody) => then(projectId, api<CannedReply>('POST', base(projectId), body));
export const updateCannedReply = (projectId: string, id: string, patch: CannedReplyPatchBody) => then(projectId, api<CannedReply>('PATCH', one(projectId, id), patch));
export const deleteCannedReply = (projectId: string, id: string) => then(projectId, api<void>('DELETE', one(projectId, id)));

/** The replies whose shortcut starts with `query` (then those whose title contains it), at most `max`. */
export function matchCanned(list: readonly CannedReply[], query: string, max = 8): CannedReply[] {
  const q = query.toLowerCase();
  const first = list.filter((r) => r.shortcut.startsWith(q));
  const more = q ? list.filter((r) => !r.shortcut.startsWith(q) && r.title.toLowerCase().includes(q)) : [];
  return [...first, ...more].slice(0, max);
}
