// The organization's projects, for the project switcher, and the team's members (assignment).
import { signal } from '@preact/signals';
import type { Project } from '../../shared/schemas/entities.js';
import { api } from './api.js';
import { endpoints } from './endpoints.js';
import type { SessionMember } from './session.js';

export const projects = signal<Project[] | null>(null);
export const members = signal<SessionMember[]>([]);

export async function loadProjects(): Promise<Project[]> {
  const { data } = await api<{ data: Project[] }>('GET', endpoints.projects);
  projects.value = data;
  return data;
}

export async function loadMembers(): Promise<void> {
  const { data } = await api<{ data: SessionMember[] }>('GET', endpoints.members);
  members.value = data;
}

export const memberName = (id: string | null | undefined): string | null => (id ? (members.value.find((m) => m.id === id)?.name ?? null) : null);
