// Simulations (spec 8.1.3; docs/behaviour.md "Simulations"): try a scripted conversation against the
// draft or a build and read what shaped each reply; save suites of cases with expectations, run them
// on demand and read their recent runs. Every suite also runs before an alias moves (the Deployments
// page). Reading needs project:read; running and editing, deployment:update.
import { useEffect, useState } from 'preact/hooks';
import '../styles/channels.css';
import '../styles/simulations.css';
import { deleteSuite, listSuites, loadLookups, namesMissing, type Lookups, type SimulationRun, type Suite } from '../models/simulations.js';
import { deploymentsPath } from '../models/deployments.js';
import { pageTitle, BASE_TITLE } from '../models/notifications.js';
import { Loading } from '../components/Loading.js';
import { ConfirmDialog } from '../components/ConfirmDialog.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { SimulationForm } from '../components/SimulationForm.js';
import { SuiteEditor } from '../components/SuiteEditor.js';
import { SuiteRow } from '../components/SuiteRow.js';
import { useErrorLine } from '../components/use-error-line.js';

/** What the suite editor shows: nothing, a new suite, or one of the list. */
type Editing = null | 'new' | Suite;

export default function SimulationsPage({ project }: { project: string }) {
  const [lookups, setLookups] = useState<Lookups | null>(null);
  const [suites, setSuites] = useState<Suite[] | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Suite | null>(null);
  const [status, setStatus] = useState('');
  const { error, showError, guard } = useErrorLine();
  const loadSuites = () => listSuites(project).then(setSuites, showError);
  useEffect(() => {
    pageTitle.value = `Simulations · ${BASE_TITLE}`;
    setEditing(null);
    setStatus('');
    loadLookups(project).then(setLookups, showError);
    void loadSuites();
  }, [project]);

  // Rules and audiences added since the page loaded (in another tab, through the API) get their names.
  const noteRun = (run: SimulationRun) => {
    if (lookups && namesMissing(run, lookups)) loadLookups(project).then(setLookups, showError);
  };

  const open = (e: Editing) => {
    setStatus('');
    setEditing(e);
  };

  async function remove(s: Suite) {
    setDeleting(null);
    setStatus('');
    await guard(async () => {
      await deleteSuite(project, s.id);
      setStatus(`Suite ${s.name} deleted.`);
      await loadSuites();
    });
  }

  if (!lookups) return error ? <ErrorAlert text={error} /> : <Loading />;
  return (
    <div class="setup simulations">
      <div class="page-head">
        <h1>Simulations</h1>
      </div>
      <p class="muted">
        A simulation answers scripted visitor messages the way a channel would, against the draft or a build, and shows what shaped each reply. Simulated replies are
        billed as Chat Messages.
      </p>
      <SimulationForm project={project} lookups={lookups} onRun={noteRun} />
      <section class="card" aria-labelledby="suites-title">
        <div class="page-head">
          <h2 id="suites-title">Suites</h2>
          {editing === null && (
            <button type="button" class="btn btn-primary" onClick={() => open('new')}>
              New suite
            </button>
          )}
        </div>
        <p class="muted">
          Every saved suite runs against a build before an alias moves to it; a failed run keeps the alias where it is (see <a href={deploymentsPath(project)}>Deployments</a>).
          Its replies are billed as Chat Messages too.
        </p>
        <ErrorAlert text={error} />
        <p role="status" class="ok">
          {status}
        </p>
        {editing !== null && (
          <SuiteEditor
            key={editing === 'new' ? 'new' : editing.id}
            project={project}
            suite={editing === 'new' ? null : editing}
            onCancel={() => setEditing(null)}
            onSaved={(s) => {
              setEditing(null);
              setStatus(`Suite ${s.name} saved.`);
              void loadSuites();
            }}
          />
        )}
        {!suites && <Loading />}
        {suites && !suites.length && <p class="muted">No suites yet.</p>}
        <ul class="plain-list suite-list">
          {(suites ?? []).map((s) => (
            <SuiteRow key={`${s.id}-${s.updated_at}`} project={project} suite={s} lookups={lookups} onEdit={open} onDelete={setDeleting} onRun={noteRun} />
          ))}
        </ul>
      </section>
      <ConfirmDialog open={!!deleting} title={`Delete ${deleting?.name ?? 'suite'}?`} confirmLabel="Delete suite" danger onConfirm={() => deleting && void remove(deleting)} onCancel={() => setDeleting(null)}>
        <p>Its cases go with it, and it no longer runs before an alias moves. Its past runs stay in the history.</p>
      </ConfirmDialog>
    </div>
  );
}
