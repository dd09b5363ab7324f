// The project's canned replies (docs/operators.md "Canned replies"): saved answers
// with a shortcut; in a conversation's reply box `/` and the shortcut offers them (CannedReplyPicker).
import { useEffect, useState } from 'preact/hooks';
import '../styles/queue-tools.css';
import { cannedReplies, createCannedReply, deleteCannedReply, loadCannedReplies, updateCannedReply, type CannedReply } from '../models/canned-replies.js';
import { pageTitle, BASE_TITLE } from '../models/notifications.js';
import { ConfirmDialog } from '../components/ConfirmDialog.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { useErrorLine } from '../components/use-error-line.js';
import { CannedReplyForm } from '../components/CannedReplyForm.js';

export default function CannedRepliesPage({ project }: { project: string }) {
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<CannedReply | null>(null);
  const [done, setDone] = useState('');
  const { error, guard, showError } = useErrorLine();
  useEffect(() => {
    pageTitle.value = `Canned replies · ${BASE_TITLE}`;
    void loadCannedReplies(project).catch(showError);
  }, [project]);

  const saved = (text: string) => (setDone(text), true);

  async function remove(r: CannedReply) {
    setDeleting(null);
    setDone('');
    if ((await guard(() => deleteCannedReply(project, r.id).then(() => true))) === true) setDone(`Canned reply /${r.shortcut} deleted.`);
  }

  return (
    <div class="setup">
      <div class="page-head">
        <h1>Canned replies</h1>
      </div>
      <p class="muted">Saved answers for the team. In a conversation's reply box, type / and the shortcut to insert one.</p>
      <ErrorAlert text={error} />
      <section class="card canned-new" aria-labelledby="new-canned-title">
        <h2 id="new-canned-title">New canned reply</h2>
        <CannedReplyForm
          idPrefix="canned-new"
          submitLabel="Create canned reply"
          onSubmit={async (body) => (setDone(''), Boolean(await guard(async () => (await createCannedReply(project, body), saved(`Canned reply /${body.shortcut} created.`)))))}
        />
      </section>
      <p role="status" class="muted">
        {done}
      </p>
      <section class="card" aria-labelledby="canned-list-title">
        <h2 id="canned-list-title">Canned replies of this project</h2>
        {!cannedReplies.value.length && <p class="muted">No canned replies yet.</p>}
        <ul class="plain-list">
          {cannedReplies.value.map((r) => (
            <li key={r.id} class="canned-row" data-canned-id={r.id}>
              {editing === r.id ? (
                <CannedReplyForm
                  idPrefix={`canned-${r.id}`}
                  initial={r}
                  submitLabel="Save canned reply"
                  onCancel={() => setEditing(null)}
                  onSubmit={async (body) => {
                    setDone('');
                    const ok = await guard(async () => (await updateCannedReply(project, r.id, body), saved(`Canned reply /${body.shortcut} saved.`)));
                    if (ok) setEditing(null);
                    return Boolean(ok);
                  }}
                />
              ) : (
                <>
                  <div class="canned-head">
                    <code>/{r.shortcut}</code>
                    <strong>{r.title}</strong>
                    <span class="label-actions">
                      <button type="button" class="btn btn-quiet" aria-label={`Edit /${r.shortcut}`} onClick={() => setEditing(r.id)}>
                        Edit
                      </button>
                      <button type="button" class="btn btn-quiet" aria-label={`Delete /${r.shortcut}`} onClick={() => setDeleting(r)}>
                        Delete
                      </button>
                    </span>
                  </div>
                  <p class="muted">{r.content}</p>
                </>
              )}
            </li>
          ))}
        </ul>
      </section>
      <ConfirmDialog open={!!deleting} title={`Delete /${deleting?.shortcut ?? ''}?`} confirmLabel="Delete canned reply" danger onConfirm={() => deleting && void remove(deleting)} onCancel={() => setDeleting(null)}>
        <p>The team can no longer insert it. This cannot be undone.</p>
      </ConfirmDialog>
    </div>
  );
}
