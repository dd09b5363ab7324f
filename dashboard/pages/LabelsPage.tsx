// The project's labels (docs/operators.md "Labels"): create with a name and colour,
// rename and recolour in place, see how many conversations carry each, delete (it comes off every
// conversation). The list is the console-wide labels model, so a label made over the API or in
// another tab shows here, in the inbox filters and on conversations without a reload (team feed).
import { useEffect, useState } from 'preact/hooks';
import '../styles/queue-tools.css';
import { createLabel, deleteLabel, labels, loadLabels, type ConsoleLabel } from '../models/labels.js';
import { pageTitle, BASE_TITLE } from '../models/notifications.js';
import { ConfirmDialog } from '../components/ConfirmDialog.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { useErrorLine } from '../components/use-error-line.js';
import { DEFAULT_LABEL_COLOR, LabelRow } from '../components/LabelRow.js';

export default function LabelsPage({ project }: { project: string }) {
  const [name, setName] = useState('');
  const [color, setColor] = useState(DEFAULT_LABEL_COLOR);
  const [deleting, setDeleting] = useState<ConsoleLabel | null>(null);
  const [done, setDone] = useState('');
  const { error, guard } = useErrorLine();
  useEffect(() => {
    pageTitle.value = `Labels · ${BASE_TITLE}`;
    void loadLabels(project);
  }, [project]);

  async function create(e: Event) {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    setDone('');
    if (await guard(() => createLabel(project, trimmed, color))) {
      setName('');
      setDone(`Label ${trimmed} created.`);
    }
  }

  async function remove(l: ConsoleLabel) {
    setDeleting(null);
    setDone('');
    if ((await guard(() => deleteLabel(project, l.id).then(() => true))) === true) setDone(`Label ${l.name} deleted.`);
  }

  const list = [...labels.value].sort((a, b) => a.name.localeCompare(b.name));
  return (
    <div class="setup">
      <div class="page-head">
        <h1>Labels</h1>
      </div>
      <p class="muted">Labels sort conversations for the team and filter the inbox and analytics. Renaming one renames it everywhere.</p>
      <ErrorAlert text={error} />
      <form class="card label-new" onSubmit={create} aria-labelledby="new-label-title">
        <h2 id="new-label-title">New label</h2>
        <div class="label-form">
          <label class="field label-color">
            <span>Colour</span>
            <input type="color" value={color} onInput={(e) => setColor((e.target as HTMLInputElement).value)} />
          </label>
          <label class="field label-name">
            <span>Label name</span>
            <input required maxLength={80} value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
          </label>
          <button class="btn btn-primary" type="submit" disabled={!name.trim()}>
            Create label
          </button>
        </div>
      </form>
      <p role="status" class="muted">
        {done}
      </p>
      <section class="card" aria-labelledby="label-list-title">
        <h2 id="label-list-title">Labels of this project</h2>
        {!list.length && <p class="muted">No labels yet.</p>}
        <ul class="plain-list label-list">
          {list.map((l) => (
            <LabelRow key={l.id} item={l} onDelete={setDeleting} onSaved={setDone} />
          ))}
        </ul>
      </section>
      <ConfirmDialog open={!!deleting} title={`Delete ${deleting?.name ?? 'label'}?`} confirmLabel="Delete label" danger onConfirm={() => deleting && void remove(deleting)} onCancel={() => setDeleting(null)}>
        <p>It comes off every conversation that carries it{deleting ? ` (${deleting.conversation_count})` : ''}. This cannot be undone.</p>
      </ConfirmDialog>
    </div>
  );
}
