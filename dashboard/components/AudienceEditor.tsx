// Create or edit one audience: name, description and the query builder. A 400 that names a
// condition (`path`, docs/behaviour.md "Validation errors") shows at that row; any other failure on
// the form's own error line.
import { useState } from 'preact/hooks';
import type { Audience } from '../../shared/schemas/behaviour.js';
import { fromApiConditions, nodeAt, toApiConditions, type DraftNode } from '../models/audience-draft.js';
import { createAudience, updateAudience } from '../models/audiences.js';
import { errorSpot } from '../models/error-spot.js';
import { AudienceBuilder } from './AudienceBuilder.js';
import { ErrorAlert } from './ErrorAlert.js';
import { useErrorLine } from './use-error-line.js';
import { ReasonButton } from './ReasonButton.js';

interface Props {
  project: string;
  /** null: a new audience. */
  audience: Audience | null;
  onSaved(a: Audience): void;
  onCancel(): void;
}

export function AudienceEditor({ project, audience, onSaved, onCancel }: Props) {
  const [name, setName] = useState(audience?.name ?? '');
  const [description, setDescription] = useState(audience?.description ?? '');
  const [items, setItems] = useState<DraftNode[]>(() => fromApiConditions(audience?.conditions ?? []));
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const { error, setError, showError } = useErrorLine();

  async function save(e: Event) {
    e.preventDefault();
    setError('');
    setRowErrors({});
    setBusy(true);
    const body = { name: name.trim(), description: description.trim(), conditions: toApiConditions(items) };
    try {
      onSaved(audience ? await updateAudience(project, audience.id, body) : await createAudience(project, body));
    } catch (err) {
      const spot = errorSpot(err);
      const node = spot?.list === 'conditions' ? nodeAt(items, spot.at) : undefined;
      if (spot && node) {
        setRowErrors({ [node.key]: spot.message });
        // The form's line names the row too, so the problem is heard even when the row is far away.
        setError(`The audience was not saved: ${node.type === 'group' ? 'group' : 'condition'} ${spot.at.map((i) => i + 1).join('.')} needs a change.`);
      } else showError(err);
    } finally {
      setBusy(false);
    }
  }

  const title = audience ? `Edit ${audience.name}` : 'New audience';
  return (
    <form class="card audience-editor" onSubmit={save} aria-labelledby="audience-editor-title">
      <h2 id="audience-editor-title">{title}</h2>
      <div class="form-cols">
        <label class="field">
          <span>Audience name</span>
          <input required maxLength={120} value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
        </label>
        <label class="field">
          <span>Description</span>
          <input maxLength={2000} value={description} onInput={(e) => setDescription((e.target as HTMLInputElement).value)} />
        </label>
      </div>
      <AudienceBuilder items={items} onChange={setItems} errors={rowErrors} />
      <ErrorAlert text={error} />
      <div class="form-actions">
        <ReasonButton class="btn btn-primary" type="submit" busy={busy} reason={!name.trim() && 'Name the audience first.'}>
          Save audience
        </ReasonButton>
        <button class="btn" type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
