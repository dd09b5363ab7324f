// One message condition of a trigger (spec 6): what to look for and its operand. A 400 naming this
// row (`unsafe_pattern` at `conditions/0/pattern`) shows here, next to the pattern.
import { CONDITION_LABELS, type ConditionType, type DraftMessageCondition } from '../models/trigger-draft.js';
import { ErrorAlert } from './ErrorAlert.js';
import { SelectField } from './SelectField.js';
import { removeAndRefocus, useFocusOnMount } from './row-focus.js';

function Operand({ c, onText }: { c: DraftMessageCondition; onText(text: string): void }) {
  const onInput = (e: Event) => onText((e.target as HTMLInputElement).value);
  switch (c.type) {
    case 'contains':
      return (
        <label class="field">
          <span>Text</span>
          <input required maxLength={200} value={c.text} onInput={onInput} />
        </label>
      );
    case 'regex':
      return (
        <label class="field">
          <span>Pattern</span>
          <input class="code" required maxLength={200} spellcheck={false} autocomplete="off" placeholder="free\s+money" value={c.text} onInput={onInput} />
        </label>
      );
    case 'language':
      return (
        <label class="field">
          <span>Language codes (ISO 639-1)</span>
          <input required placeholder="en, de" value={c.text} onInput={onInput} />
        </label>
      );
    case 'link_count':
      return (
        <label class="field narrow">
          <span>Links, at least</span>
          <input type="number" required min={0} max={100} step={1} value={c.text} onInput={onInput} />
        </label>
      );
    case 'spam_score':
      return (
        <label class="field narrow">
          <span>Score, 0 to 1</span>
          <input type="number" required min={0} max={1} step={0.05} value={c.text} onInput={onInput} />
        </label>
      );
  }
}

interface Props {
  condition: DraftMessageCondition;
  number: number;
  error: string;
  onChange(c: DraftMessageCondition): void;
  onRemove(): void;
}

export function TriggerConditionRow({ condition: c, number, error, onChange, onRemove }: Props) {
  const ref = useFocusOnMount<HTMLLIElement>(c.key);
  return (
    <li ref={ref} class={`condition${error ? ' has-error' : ''}`}>
      <fieldset>
        <legend class="sr-only">Message condition {number}</legend>
        <div class="part-row">
          <SelectField label="The message" value={c.type} onChange={(type) => onChange({ ...c, type: type as ConditionType, text: '' })}>
            {(Object.keys(CONDITION_LABELS) as ConditionType[]).map((t) => (
              <option key={t} value={t}>
                {CONDITION_LABELS[t]}
              </option>
            ))}
          </SelectField>
          {/* A new input per kind: a reused one would keep the old input's attributes (maxLength) as 0. */}
          <Operand key={c.type} c={c} onText={(text) => onChange({ ...c, text })} />
          <button type="button" class="btn btn-quiet" aria-label={`Remove message condition ${number}`} onClick={(ev) => removeAndRefocus(ev.currentTarget, onRemove)}>
            Remove
          </button>
        </div>
        <ErrorAlert text={error} />
      </fieldset>
    </li>
  );
}
