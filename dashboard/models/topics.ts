// The project's topic names (docs/operators.md "Topics"; topic:read) for the inbox's topic filter,
// read when the filter is opened: topics change in passes a quarter of an hour apart, so a fresh
// read at that moment is enough, and a member without topic:read simply gets no suggestions.
import { signal } from '@preact/signals';
import { api } from './api.js';

export const topicNames = signal<string[]>([]);
let asked: string | null = null;

export async function loadTopicNames(projectId: string): Promise<void> {
  asked = projectId;
  try {
    const { data } = await api<{ data: { name: string }[] }>('GET', `/v1/projects/${encodeURIComponent(projectId)}/topics`);
    if (asked === projectId) topicNames.value = data.map((t) => t.name);
  } catch {
    if (asked === projectId) topicNames.value = [];
  }
}
