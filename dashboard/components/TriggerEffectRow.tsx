// One effect of a trigger (spec 6): block the AI reply, add or remove one of the project's labels on
// the conversation, or add or remove a label (a name) on the conversation's user.
import type { Label } from '../../shared/schemas/entities.js';
import { EFFECT_LABELS, isUserLabelEffect, type DraftEffect, type EffectType } from '../models/trigger-draft.js';
import { ErrorAlert } from './ErrorAlert.js';
import { SelectField } from './SelectField.js';
import { removeAndRefocus, useFocusOnMount } from './row-focus.js';

interface Props {
  effect: DraftEffect;
  number: number;
  labels: Label[];
  error: string;
  onChange(e: DraftEffect): void;
  onRemove(): void;
}

export function TriggerEffectRow({ effect: e, number, labels, error, onChange, onRemove }: Props) {
  const setType = (type: EffectType) => onChange({ ...e, type, label_id: type === 'block' ? '' : e.label_id || (labels[0]?.id ?? '') });
  const ref = useFocusOnMount<HTMLLIElement>(e.key);
  return (
    <li ref={ref} class={`condition${error ? ' has-error' : ''}`}>
      <fieldset>
        <legend class="sr-only">Effect {number}</legend>
        <div class="part-row">
          <SelectField label="Effect" value={e.type} onChange={(t) => setType(t as EffectType)}>
            {(Object.keys(EFFECT_LABELS) as EffectType[]).map((t) => (
              <option key={t} value={t}>
                {EFFECT_LABELS[t]}
              </option>
            ))}
          </SelectField>
          {isUserLabelEffect(e.type) && (
            <div class="field">
              <label for={`${e.key}-user-label`}>User label</label>
              <input id={`${e.key}-user-label`} required maxLength={80} value={e.label} onInput={(ev) => onChange({ ...e, label: ev.currentTarget.value })} />
            </div>
          )}
          {e.type !== 'block' && !isUserLabelEffect(e.type) && (
            <SelectField label="Label" required value={e.label_id} onChange={(label_id) => onChange({ ...e, label_id })}>
              {!labels.length && <option value="">No labels in this project yet</option>}
              {labels.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </SelectField>
          )}
          <button type="button" class="btn btn-quiet" aria-label={`Remove effect ${number}`} onClick={(ev) => removeAndRefocus(ev.currentTarget, onRemove)}>
            Remove
          </button>
        </div>
        <ErrorAlert text={error} />
      </fieldset>
    </li>
  );
}
