// The project's labels (spec 2.5; label:read): conversations carry label ids, the console shows names.
import { signal } from '@preact/signals';
import type { Label } from '../../shared/schemas/entities.js';
import { api } from './api.js';
import { endpoints } from './endpoints.js';

export const labels = signal<Label[]>([]);

export async function loadLabels(projectId: string): Promise<void> {
  try {
    labels.value = (await api<{ data: Label[] }>('GET', endpoints.labels(projectId))).data;
  } catch {
    labels.value = [];
  }
}

export const labelById = (id: string): Label | undefined => labels.value.find((l) => l.id === id);
