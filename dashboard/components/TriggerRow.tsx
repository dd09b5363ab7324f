// One trigger in the run-order list (spec 6): its place, what it looks for, for whom and what it
// does; move it up or down, switch it between active and draft, edit or delete it.
import type { Trigger } from '../../shared/schemas/triggers.js';
import { EFFECT_LABELS, describeMessageConditions } from '../models/trigger-draft.js';
import { describeConditions } from '../models/audience-text.js';

interface Props {
  trigger: Trigger;
  position: number;
  count: number;
  audienceName: string;
  labelName(id: string): string;
  onMove(step: -1 | 1): void;
  onToggle(active: boolean): void;
  onEdit(): void;
  onDelete(): void;
}

export function TriggerRow({ trigger: t, position, count, audienceName, labelName, onMove, onToggle, onEdit, onDelete }: Props) {
  const effects = t.effects.map((e) => (e.type === 'block' ? 'block the AI reply' : `${EFFECT_LABELS[e.type].toLowerCase()} ${'label_id' in e ? labelName(e.label_id) : `“${e.label}”`}`)).join(', ');
  return (
    <li data-trigger-id={t.id} class={t.state === 'draft' ? 'is-draft' : undefined}>
      <div class="trigger-text">
        <span class="position" aria-hidden="true">
          {position}.
        </span>{' '}
        <strong>{t.name}</strong> <span class={`status status-${t.state}`}>{t.state === 'active' ? 'Active' : 'Draft'}</span>
        <span class="conditions-text">
          For {audienceName}
          {t.audience_conditions?.length ? ` where ${describeConditions(t.audience_conditions)}` : ''}: {describeMessageConditions(t.conditions)} → {effects}
        </span>
      </div>
      <div class="row-actions">
        <label class="check">
          <input type="checkbox" role="switch" aria-label={`Active: ${t.name}`} checked={t.state === 'active'} onChange={(e) => onToggle((e.target as HTMLInputElement).checked)} />
          Active
        </label>
        <button type="button" class="btn" data-move={`${t.id}-up`} aria-label={`Move up: ${t.name}`} disabled={position === 1} onClick={() => onMove(-1)}>
          Move up
        </button>
        <button type="button" class="btn" data-move={`${t.id}-down`} aria-label={`Move down: ${t.name}`} disabled={position === count} onClick={() => onMove(1)}>
          Move down
        </button>
        <button type="button" class="btn" aria-label={`Edit ${t.name}`} onClick={onEdit}>
          Edit
        </button>
        <button type="button" class="btn btn-quiet" aria-label={`Delete ${t.name}`} onClick={onDelete}>
          Delete
        </button>
      </div>
    </li>
  );
}
