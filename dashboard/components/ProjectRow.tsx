// One project on the projects page: its name (renamed in place), a link to open it, delete.
import { useState } from 'preact/hooks';
import type { Project } from '../../shared/schemas/entities.js';
import { renameProject } from '../models/project-admin.js';
import { inboxPath } from '../paths.js';
import { ErrorAlert } from './ErrorAlert.js';
import { useErrorLine } from './use-error-line.js';
import { ReasonButton } from './ReasonButton.js';

export function ProjectRow({ project, current, onDelete }: { project: Project; current: boolean; onDelete: (p: Project) => void }) {
  const [name, setName] = useState(project.name);
  const { error, guard } = useErrorLine();
  async function rename(e: Event) {
    e.preventDefault();
    await guard(async () => {
      await renameProject(project.id, name.trim());
    });
  }
  return (
    <li data-project-id={project.id}>
      <div class="project-head">
        <a href={inboxPath(project.id)}>{project.name}</a>
        {current && <span class="chip">Open now</span>}
      </div>
      <form class="inline-form" onSubmit={rename}>
        <label class="field">
          <span>New name for {project.name}</span>
          <input required maxLength={200} value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
        </label>
        <ReasonButton class="btn" type="submit" reason={!name.trim() ? 'Type a new name.' : name.trim() === project.name && 'Type a new name: this is its name now.'}>
          Rename<span class="sr-only"> {project.name}</span>
        </ReasonButton>
        <button class="btn btn-danger" type="button" onClick={() => onDelete(project)}>
          Delete<span class="sr-only"> {project.name}</span>
        </button>
      </form>
      <ErrorAlert text={error} />
    </li>
  );
}
