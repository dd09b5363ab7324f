// Actions on the selected conversations: add or remove labels, and hide them — permanent and
// irreversible (spec 2.5), so it asks first in a dialog that says so.
import { useState } from 'preact/hooks';
import { batchHide, batchLabels, selectAll, selectedIds, conversations } from '../models/inbox.js';
import { errorText } from '../models/api.js';
import { LabelPicker } from './LabelPicker.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { ReasonButton } from './ReasonButton.js';
import { ExportSelected } from './ExportSelected.js';

export function BatchBar({ project }: { project: string }) {
  const ids = selectedIds.value;
  const [add, setAdd] = useState<string[]>([]);
  const [remove, setRemove] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState('');
  const all = conversations.value.length > 0 && ids.length === conversations.value.length;
  const n = (count: number) => (count === 1 ? '1 conversation' : `${count} conversations`);

  async function run(action: () => Promise<{ updated: string[]; not_found: string[] }>, done: (n: number) => string) {
    try {
      const r = await action();
      setMessage(done(r.updated.length) + (r.not_found.length ? ` ${r.not_found.length} could not be changed.` : ''));
    } catch (err) {
      setMessage(errorText(err));
    }
  }

  return (
    <div class="batch" role="region" aria-label="Batch actions">
      <label class="check">
        <input type="checkbox" checked={all} onChange={(e) => selectAll((e.target as HTMLInputElement).checked)} />
        Select all
      </label>
      <span class="muted" aria-live="polite">
        {ids.length} selected
      </span>
      {ids.length > 0 && (
        <>
          <LabelPicker legend="Add labels" value={add} onChange={setAdd} />
          <LabelPicker legend="Remove labels" value={remove} onChange={setRemove} />
          <ReasonButton
            type="button"
            class="btn"
            reason={!add.length && !remove.length && 'Choose labels to add or remove first.'}
            onClick={() =>
              void run(
                () => batchLabels(add, remove),
                (count) => `Labels changed on ${n(count)}.`,
              ).then(() => (setAdd([]), setRemove([])))
            }
          >
            Apply labels
          </ReasonButton>
          <button type="button" class="btn btn-danger" onClick={() => setConfirming(true)}>
            Hide…
          </button>
          <ExportSelected project={project} ids={ids} onDone={setMessage} />
        </>
      )}
      <p class="batch-message" role="status">
        {message}
      </p>
      <ConfirmDialog
        open={confirming}
        title={`Hide ${n(ids.length)} permanently?`}
        confirmLabel={`Hide ${ids.length} permanently`}
        danger
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void run(batchHide, (count) => `${n(count)} hidden.`);
        }}
      >
        <p>Hidden conversations disappear from every list and from the metrics. This cannot be undone.</p>
      </ConfirmDialog>
    </div>
  );
}
