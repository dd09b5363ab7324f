// Creating, renaming and deleting projects (spec 2.1, 2.2: organization operations, session only).
// Each keeps the shared `projects` list current, so the project switcher updates at once.
import { signal } from '@preact/signals';
import type { Project } from '../../shared/schemas/entities.js';
import { api } from './api.js';
import { projects } from './projects.js';

const path = (id: string) => `/v1/org/projects/${encodeURIComponent(id)}`;

/** The outcome of the last change, shown on the projects page (survives the route change it causes). */
export const projectNotice = signal<{ text: string; projectId?: string } | null>(null);

export async function createProject(name: string): Promise<Project> {
  const created = await api<Project>('POST', '/v1/org/projects', { name });
  projects.value = [...(projects.peek() ?? []), created];
  projectNotice.value = { text: `Created ${created.name}.`, projectId: created.id };
  return created;
}

export async function renameProject(id: string, name: string): Promise<Project> {
  const renamed = await api<Project>('PATCH', path(id), { name });
  projects.value = (projects.peek() ?? []).map((p) => (p.id === id ? renamed : p));
  projectNotice.value = { text: `Renamed to ${renamed.name}.` };
  return renamed;
}

export async function deleteProject(project: Project): Promise<void> {
  await api('DELETE', path(project.id));
  projects.value = (projects.peek() ?? []).filter((p) => p.id !== project.id);
  projectNotice.value = { text: `Deleted ${project.name} and everything in it.` };
}
