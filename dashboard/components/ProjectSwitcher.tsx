// Picks the project the console shows (the organization's projects); switching opens its inbox.
import { useLocation } from 'preact-iso';
import { projects } from '../models/projects.js';
import { inboxPath } from '../paths.js';

export function ProjectSwitcher({ projectId }: { projectId: string | null }) {
  const { route } = useLocation();
  const list = projects.value ?? [];
  return (
    <label class="project-switcher">
      <span class="sr-only">Project</span>
      <select value={projectId ?? ''} onChange={(e) => route(inboxPath((e.target as HTMLSelectElement).value))}>
        {!projectId && <option value="">Choose a project</option>}
        {list.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
    </label>
  );
}
