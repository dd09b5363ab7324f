// The project's audiences (spec 2.8): the list with each audience's conditions in one line, create
// and edit with the query builder, delete with confirmation (refused while a guidance rule uses it:
// the server's message shows). Viewing needs project:read, changes deployment:update.
import { useEffect, useState } from 'preact/hooks';
import '../styles/channels.css';
import '../styles/audiences.css';
import type { Audience } from '../../shared/schemas/behaviour.js';
import { deleteAudience, listAudiences } from '../models/audiences.js';
import { describeConditions } from '../models/audience-text.js';
import { pageTitle, BASE_TITLE } from '../models/notifications.js';
import { Loading } from '../components/Loading.js';
import { ConfirmDialog } from '../components/ConfirmDialog.js';
import { AudienceEditor } from '../components/AudienceEditor.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { useErrorLine } from '../components/use-error-line.js';

/** What the editor shows: nothing, a new audience, or one of the list. */
type Editing = null | 'new' | Audience;

export default function AudiencesPage({ project }: { project: string }) {
  const [list, setList] = useState<Audience[] | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Audience | null>(null);
  const [saved, setSaved] = useState('');
  const { error, showError, guard } = useErrorLine();
  const load = () => listAudiences(project).then(setList, showError);
  useEffect(() => {
    pageTitle.value = `Audiences · ${BASE_TITLE}`;
    setEditing(null);
    void load();
  }, [project]);

  const open = (e: Editing) => {
    setSaved('');
    setEditing(e);
  };

  async function remove(a: Audience) {
    setDeleting(null);
    setSaved('');
    await guard(async () => {
      await deleteAudience(project, a.id);
      await load();
    });
  }

  return (
    <div class="setup audiences">
      <div class="page-head">
        <h1>Audiences</h1>
        {editing === null && (
          <button type="button" class="btn btn-primary" onClick={() => open('new')}>
            New audience
          </button>
        )}
      </div>
      <p class="muted">Who a guidance rule, a knowledge source or a trigger is for: conditions on the user, the channel, the conversation and the time.</p>
      <ErrorAlert text={error} />
      <p role="status" class="ok">
        {saved}
      </p>
      {editing !== null && (
        <AudienceEditor
          key={editing === 'new' ? 'new' : editing.id}
          project={project}
          audience={editing === 'new' ? null : editing}
          onCancel={() => setEditing(null)}
          onSaved={(a) => {
            setEditing(null);
            setSaved(`Audience ${a.name} saved.`);
            void load();
          }}
        />
      )}
      <section class="card" aria-labelledby="audience-list-title">
        <h2 id="audience-list-title">Audiences of this project</h2>
        {!list && <Loading />}
        {list && !list.length && <p class="muted">No audiences yet. Without one, guidance and triggers apply to everyone.</p>}
        <ul class="plain-list audience-list">
          {(list ?? []).map((a) => (
            <li key={a.id} data-audience-id={a.id}>
              <div class="audience-text">
                <strong>{a.name}</strong>
                {a.description && <span class="muted"> · {a.description}</span>}
                <code class="conditions-text">{describeConditions(a.conditions)}</code>
              </div>
              <div class="row-actions">
                <button type="button" class="btn" aria-label={`Edit ${a.name}`} onClick={() => open(a)}>
                  Edit
                </button>
                <button type="button" class="btn btn-quiet" aria-label={`Delete ${a.name}`} onClick={() => setDeleting(a)}>
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <ConfirmDialog open={!!deleting} title={`Delete ${deleting?.name ?? 'audience'}?`} confirmLabel="Delete audience" danger onConfirm={() => deleting && void remove(deleting)} onCancel={() => setDeleting(null)}>
        <p>This cannot be undone. An audience a guidance rule uses cannot be deleted: change the rule first.</p>
      </ConfirmDialog>
    </div>
  );
}
