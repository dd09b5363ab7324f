// The organization's projects (spec 2.1, 2.2): create, rename, delete (typing the name to confirm).
// Reached from the navigation of any project, and at /app/projects when there is none yet. A new
// project opens here, selected in the switcher, with a link to set up its knowledge.
import { useEffect, useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import '../styles/projects.css';
import type { Project } from '../../shared/schemas/entities.js';
import { loadProjects, projects } from '../models/projects.js';
import { createProject, deleteProject, projectNotice } from '../models/project-admin.js';
import { knowledgePath } from '../models/knowledge-paths.js';
import { pageTitle, BASE_TITLE } from '../models/notifications.js';
import { projectsPath } from '../models/project-paths.js';
import { Loading } from '../components/Loading.js';
import { ProjectRow } from '../components/ProjectRow.js';
import { DeleteProjectDialog } from '../components/DeleteProjectDialog.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { useErrorLine } from '../components/use-error-line.js';
import { ReasonButton } from '../components/ReasonButton.js';

export default function ProjectsPage({ project }: { project?: string }) {
  const { route } = useLocation();
  const [name, setName] = useState('');
  const { error, showError, guard } = useErrorLine();
  const [deleting, setDeleting] = useState<Project | null>(null);
  useEffect(() => {
    pageTitle.value = `Projects · ${BASE_TITLE}`;
    void loadProjects().catch(showError);
  }, []);

  async function create(e: Event) {
    e.preventDefault();
    await guard(async () => {
      const created = await createProject(name.trim());
      setName('');
      route(projectsPath(created.id));
    });
  }

  async function remove(p: Project) {
    setDeleting(null);
    await guard(async () => {
      await deleteProject(p);
      if (p.id === project) route(projectsPath(projects.peek()?.[0]?.id ?? null));
    });
  }

  const list = projects.value;
  const notice = projectNotice.value;
  return (
    <div class="projects">
      <div class="page-head">
        <h1>Projects</h1>
      </div>
      <div role="status" class="notice">
        {notice && (
          <p class="ok">
            {notice.text}{' '}
            {notice.projectId && projects.value?.some((p) => p.id === notice.projectId) && <a href={knowledgePath(notice.projectId)}>Set up its knowledge</a>}
          </p>
        )}
      </div>
      <ErrorAlert text={error} />
      <form class="card inline-form" onSubmit={create} aria-labelledby="new-project-title">
        <h2 id="new-project-title" class="form-title">
          New project
        </h2>
        <label class="field">
          <span>Project name</span>
          <input required maxLength={200} value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
        </label>
        <ReasonButton class="btn btn-primary" type="submit" reason={!name.trim() && 'Name the project first.'}>
          Create project
        </ReasonButton>
      </form>
      <section class="card" aria-labelledby="project-list-title">
        <h2 id="project-list-title">All projects {list && <span class="muted">({list.length})</span>}</h2>
        {!list && <Loading />}
        {list && !list.length && <p class="muted">No projects yet: create the first one above.</p>}
        <ul class="project-list">
          {(list ?? []).map((p) => (
            <ProjectRow key={p.id} project={p} current={p.id === project} onDelete={setDeleting} />
          ))}
        </ul>
      </section>
      <DeleteProjectDialog project={deleting} onConfirm={(p) => void remove(p)} onCancel={() => setDeleting(null)} />
    </div>
  );
}
