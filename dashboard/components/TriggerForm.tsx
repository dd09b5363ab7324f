// Create or edit one trigger (spec 6): name, state, audience (none: everyone), message conditions
// that must all hold, and effects. A 400 that names a row (`unsafe_pattern`, `unknown_label`) shows
// at that row; any other failure on the form's own line.
import { useState } from 'preact/hooks';
import type { Audience } from '../../shared/schemas/behaviour.js';
import type { Label } from '../../shared/schemas/entities.js';
import type { Trigger } from '../../shared/schemas/triggers.js';
import { createTrigger, updateTrigger } from '../models/triggers.js';
import { bodyOf, draftOf, newEffect, newMessageCondition, type TriggerDraft } from '../models/trigger-draft.js';
import { errorSpot } from '../models/error-spot.js';
import { nodeAt } from '../models/audience-draft.js';
import { AudienceBuilder } from './AudienceBuilder.js';
import { ErrorAlert } from './ErrorAlert.js';
import { SelectField } from './SelectField.js';
import { TriggerConditionRow } from './TriggerConditionRow.js';
import { TriggerEffectRow } from './TriggerEffectRow.js';
import { useErrorLine } from './use-error-line.js';
import { focusWhenMounted } from './row-focus.js';
import { AudienceOptions } from './AudienceOptions.js';
import { ReasonButton } from './ReasonButton.js';

/** A row the user just added: it takes the focus once shown. */
function added<T extends { key: string }>(row: T): T {
  focusWhenMounted(row.key);
  return row;
}

const ROW_NAMES: Record<string, string> = { conditions: 'message condition', effects: 'effect', audience_conditions: 'audience condition' };

/** The row a 400's path names: a message condition, an effect or a node of the inline audience. */
function rowAt(d: TriggerDraft, list: string, at: number[]): { key: string } | undefined {
  if (list === 'conditions') return d.conditions[at[0]];
  if (list === 'effects') return d.effects[at[0]];
  return list === 'audience_conditions' ? nodeAt(d.audience, at) : undefined;
}

interface Props {
  project: string;
  /** null: a new trigger. */
  trigger: Trigger | null;
  audiences: Audience[];
  labels: Label[];
  onSaved(t: Trigger): void;
  onCancel(): void;
}

export function TriggerForm({ project, trigger, audiences, labels, onSaved, onCancel }: Props) {
  const [d, setD] = useState<TriggerDraft>(() => draftOf(trigger));
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const { error, setError, showError } = useErrorLine();
  const set = (patch: Partial<TriggerDraft>) => setD((x) => ({ ...x, ...patch }));

  async function save(e: Event) {
    e.preventDefault();
    setError('');
    setRowErrors({});
    setBusy(true);
    try {
      const body = bodyOf(d);
      onSaved(trigger ? await updateTrigger(project, trigger.id, body) : await createTrigger(project, body));
    } catch (err) {
      const spot = errorSpot(err);
      const row = spot && rowAt(d, spot.list, spot.at);
      if (spot && row) {
        setRowErrors({ [row.key]: spot.message });
        setError(`The trigger was not saved: ${ROW_NAMES[spot.list]} ${spot.at.map((i) => i + 1).join('.')} needs a change.`);
      } else showError(err);
    } finally {
      setBusy(false);
    }
  }

  const title = trigger ? `Edit ${trigger.name}` : 'New trigger';
  return (
    <form class="card trigger-form" onSubmit={save} aria-labelledby="trigger-form-title">
      <h2 id="trigger-form-title">{title}</h2>
      <div class="form-cols">
        <label class="field">
          <span>Trigger name</span>
          <input required maxLength={120} value={d.name} onInput={(e) => set({ name: (e.target as HTMLInputElement).value })} />
        </label>
        <SelectField label="State" value={d.state} onChange={(state) => set({ state: state as 'active' | 'draft' })}>
          <option value="active">Active: runs before every AI reply</option>
          <option value="draft">Draft: never runs</option>
        </SelectField>
        <SelectField label="Audience" value={d.audience_id} onChange={(audience_id) => set({ audience_id })}>
          <AudienceOptions audiences={audiences} />
        </SelectField>
      </div>
      <AudienceBuilder
        items={d.audience}
        onChange={(audience) => setD((x) => ({ ...x, audience }))}
        errors={rowErrors}
        legend="Audience conditions of this trigger: all must hold (AND)"
        name="the trigger's audience conditions"
        emptyText="None: everyone in the audience chosen above."
      />
      <fieldset class="trigger-part">
        <legend>Message conditions: all must hold</legend>
        {!d.conditions.length && <p class="muted">No conditions: every message of the audience.</p>}
        <ol class="node-list">
          {d.conditions.map((c, i) => (
            <TriggerConditionRow
              key={c.key}
              condition={c}
              number={i + 1}
              error={rowErrors[c.key] ?? ''}
              onChange={(next) => set({ conditions: d.conditions.map((x) => (x.key === c.key ? next : x)) })}
              onRemove={() => set({ conditions: d.conditions.filter((x) => x.key !== c.key) })}
            />
          ))}
        </ol>
        <div class="add-buttons">
          <ReasonButton type="button" class="btn" reason={d.conditions.length >= 20 && 'At most 20 conditions.'} onClick={() => set({ conditions: [...d.conditions, added(newMessageCondition())] })}>
            Add message condition
          </ReasonButton>
        </div>
      </fieldset>
      <fieldset class="trigger-part">
        <legend>Effects</legend>
        <ol class="node-list">
          {d.effects.map((x, i) => (
            <TriggerEffectRow
              key={x.key}
              effect={x}
              number={i + 1}
              labels={labels}
              error={rowErrors[x.key] ?? ''}
              onChange={(next) => set({ effects: d.effects.map((y) => (y.key === x.key ? next : y)) })}
              onRemove={() => set({ effects: d.effects.filter((y) => y.key !== x.key) })}
            />
          ))}
        </ol>
        <div class="add-buttons">
          <ReasonButton type="button" class="btn" reason={d.effects.length >= 10 && 'At most 10 effects.'} onClick={() => set({ effects: [...d.effects, added(labels.length ? newEffect('add_label', labels[0].id) : newEffect('block'))] })}>
            Add effect
          </ReasonButton>
        </div>
      </fieldset>
      <ErrorAlert text={error} />
      <div class="form-actions">
        <ReasonButton class="btn btn-primary" type="submit" busy={busy} reason={!d.name.trim() ? 'Name the trigger first.' : !d.effects.length && 'Add at least one effect.'}>
          Save trigger
        </ReasonButton>
        <button class="btn" type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
