// One label on the Labels page: its name and colour edited in place (saved together), how many
// conversations carry it, and delete (the page asks first). A change made elsewhere (another tab, the
// API) replaces what the row shows, unless the row is being edited.
import { useEffect, useState } from 'preact/hooks';
import type { ConsoleLabel } from '../models/labels.js';
import { updateLabel } from '../models/labels.js';
import { ErrorAlert } from './ErrorAlert.js';
import { useErrorLine } from './use-error-line.js';

export const DEFAULT_LABEL_COLOR = '#6b7280';

export function LabelRow({ item, onDelete, onSaved }: { item: ConsoleLabel; onDelete(l: ConsoleLabel): void; onSaved(text: string): void }) {
  const [name, setName] = useState(item.name);
  const [color, setColor] = useState(item.color ?? DEFAULT_LABEL_COLOR);
  useEffect(() => setName(item.name), [item.name]);
  useEffect(() => setColor(item.color ?? DEFAULT_LABEL_COLOR), [item.color]);
  const { error, guard } = useErrorLine();
  const dirty = name.trim() !== item.name || color !== (item.color ?? DEFAULT_LABEL_COLOR);

  async function save(e: Event) {
    e.preventDefault();
    if (!dirty || !name.trim()) return;
    const patch = { ...(name.trim() !== item.name ? { name: name.trim() } : {}), ...(color !== (item.color ?? DEFAULT_LABEL_COLOR) ? { color } : {}) };
    const done = await guard(() => updateLabel(item.project_id, item.id, patch));
    if (done) onSaved(`Label ${name.trim()} saved.`);
  }

  const uses = item.conversation_count === 1 ? '1 conversation' : `${item.conversation_count} conversations`;
  return (
    <li class="label-row" data-label-id={item.id}>
      <form class="label-form" onSubmit={save} aria-label={`Label ${item.name}`}>
        <label class="field label-color">
          <span>Colour</span>
          <input type="color" value={color} onInput={(e) => setColor((e.target as HTMLInputElement).value)} />
        </label>
        <label class="field label-name">
          <span>Name</span>
          <input required maxLength={80} value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
        </label>
        <span class="muted label-uses">Used by {uses}</span>
        <div class="label-actions">
          <button type="submit" class="btn" disabled={!dirty || !name.trim()} aria-label={`Save ${item.name}`}>
            Save
          </button>
          <button type="button" class="btn btn-quiet" aria-label={`Delete ${item.name}`} onClick={() => onDelete(item)}>
            Delete
          </button>
        </div>
      </form>
      <ErrorAlert text={error} />
    </li>
  );
}
