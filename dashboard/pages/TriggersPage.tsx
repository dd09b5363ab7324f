// The project's triggers (spec 6): the list in run order with Move up / Move down, the active/draft
// switch, create and edit (TriggerForm), delete with confirmation. Triggers protect every channel at
// once and are not part of a build (docs/behaviour.md "Triggers"). Changes need deployment:update.
import { useEffect, useState } from 'preact/hooks';
import '../styles/channels.css';
import '../styles/audiences.css';
import type { Audience } from '../../shared/schemas/behaviour.js';
import type { Trigger } from '../../shared/schemas/triggers.js';
import { deleteTrigger, listTriggers, moved, reorderTriggers, updateTrigger } from '../models/triggers.js';
import { listAudiences } from '../models/audiences.js';
import { labelById, labels, loadLabels } from '../models/labels.js';
import { pageTitle, BASE_TITLE } from '../models/notifications.js';
import { Loading } from '../components/Loading.js';
import { ConfirmDialog } from '../components/ConfirmDialog.js';
import { TriggerForm } from '../components/TriggerForm.js';
import { TriggerRow } from '../components/TriggerRow.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { useErrorLine } from '../components/use-error-line.js';

type Editing = null | 'new' | Trigger;

export default function TriggersPage({ project }: { project: string }) {
  const [list, setList] = useState<Trigger[] | null>(null);
  const [audiences, setAudiences] = useState<Audience[]>([]);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Trigger | null>(null);
  const [status, setStatus] = useState('');
  const { error, showError, guard } = useErrorLine();
  const load = () => listTriggers(project).then(setList, showError);
  useEffect(() => {
    pageTitle.value = `Triggers · ${BASE_TITLE}`;
    setEditing(null);
    void load();
    void loadLabels(project);
    listAudiences(project).then(setAudiences, showError);
  }, [project]);

  const open = (e: Editing) => {
    setStatus('');
    setEditing(e);
  };
  const audienceName = (id: string | null) => (id ? (audiences.find((a) => a.id === id)?.name ?? 'an audience') : 'everyone');

  async function move(t: Trigger, step: -1 | 1) {
    if (!list) return;
    const ids = moved(
      list.map((x) => x.id),
      t.id,
      step,
    );
    const next = await guard(() => reorderTriggers(project, ids));
    if (!next) return;
    setList(next);
    const position = ids.indexOf(t.id) + 1;
    setStatus(`${t.name} now runs ${position === 1 ? 'first' : `at place ${position}`}.`);
    // The row moved in the DOM: keep the focus on its button, or on the other one at either end.
    requestAnimationFrame(() => {
      const button = [`${t.id}-${step < 0 ? 'up' : 'down'}`, `${t.id}-${step < 0 ? 'down' : 'up'}`]
        .map((m) => document.querySelector<HTMLButtonElement>(`[data-move="${m}"]`))
        .find((b) => b && !b.disabled);
      button?.focus();
    });
  }

  async function toggle(t: Trigger, active: boolean) {
    const updated = await guard(() => updateTrigger(project, t.id, { state: active ? 'active' : 'draft' }));
    if (!updated) return;
    setList((l) => l && l.map((x) => (x.id === updated.id ? updated : x)));
    setStatus(`${updated.name} is ${active ? 'active' : 'a draft: it does not run'}.`);
  }

  async function remove(t: Trigger) {
    setDeleting(null);
    setStatus('');
    await guard(async () => {
      await deleteTrigger(project, t.id);
      await load();
    });
  }

  return (
    <div class="setup triggers">
      <div class="page-head">
        <h1>Triggers</h1>
        {editing === null && (
          <button type="button" class="btn btn-primary" onClick={() => open('new')}>
            New trigger
          </button>
        )}
      </div>
      <p class="muted">Triggers run in this order before every AI reply, on every channel: one that fires can block the reply or add and remove labels.</p>
      <ErrorAlert text={error} />
      <p role="status" class="ok">
        {status}
      </p>
      {editing !== null && (
        <TriggerForm
          key={editing === 'new' ? 'new' : editing.id}
          project={project}
          trigger={editing === 'new' ? null : editing}
          audiences={audiences}
          labels={labels.value}
          onCancel={() => setEditing(null)}
          onSaved={(t) => {
            setEditing(null);
            setStatus(`Trigger ${t.name} saved.`);
            void load();
          }}
        />
      )}
      <section class="card" aria-labelledby="trigger-list-title">
        <h2 id="trigger-list-title">Triggers in run order</h2>
        {!list && <Loading />}
        {list && !list.length && <p class="muted">No triggers yet. The built-in spam detection runs anyway.</p>}
        <ol class="plain-list trigger-list">
          {(list ?? []).map((t, i) => (
            <TriggerRow
              key={t.id}
              trigger={t}
              position={i + 1}
              count={list!.length}
              audienceName={audienceName(t.audience_id)}
              labelName={(id) => labelById(id)?.name ?? id}
              onMove={(step) => void move(t, step)}
              onToggle={(active) => void toggle(t, active)}
              onEdit={() => open(t)}
              onDelete={() => setDeleting(t)}
            />
          ))}
        </ol>
      </section>
      <ConfirmDialog open={!!deleting} title={`Delete ${deleting?.name ?? 'trigger'}?`} confirmLabel="Delete trigger" danger onConfirm={() => deleting && void remove(deleting)} onCancel={() => setDeleting(null)}>
        <p>It stops running at once. This cannot be undone.</p>
      </ConfirmDialog>
    </div>
  );
}
