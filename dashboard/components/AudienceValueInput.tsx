// The operand input of one audience condition, fitting its field type and operator (spec 2.8):
// none for is_true/is_empty…, text, number, a low–high range, a date picker, "in the last/next N
// units", the catalogue's options as checkboxes, a comma-separated list, true/false for JSON.
import { AUDIENCE_FIELDS, DURATION_UNITS, type DurationUnit } from '../../shared/schemas/audience-fields.js';
import { SelectField } from './SelectField.js';
import { valueKind, type DraftCondition, type DraftValue } from '../models/audience-draft.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const input = (e: Event) => (e.target as HTMLInputElement).value;

/** A date picker, unless the saved operand is a date-time with an offset, which it cannot show. */
function DateInput({ label, value, onInput }: { label: string; value: string; onInput(v: string): void }) {
  const picker = value === '' || DAY.test(value);
  return (
    <label class="field">
      <span>{label}</span>
      <input type={picker ? 'date' : 'text'} value={value} placeholder={picker ? undefined : '2026-05-01T18:00:00Z'} onInput={(e) => onInput(input(e))} />
    </label>
  );
}

function NumberInput({ label, value, onInput, min, max }: { label: string; value: string; onInput(v: string): void; min?: number; max?: number }) {
  return (
    <label class="field narrow">
      <span>{label}</span>
      <input type="number" step="any" inputMode="decimal" min={min} max={max} value={value} onInput={(e) => onInput(input(e))} />
    </label>
  );
}

export function AudienceValueInput({ condition, onChange }: { condition: DraftCondition; onChange(v: DraftValue): void }) {
  const v = condition.value;
  const set = (patch: Partial<DraftValue>) => onChange({ ...v, ...patch });
  switch (valueKind(condition.field, condition.operator)) {
    case 'none':
      return null;
    case 'number':
      return <NumberInput label="Value" value={v.text} onInput={(text) => set({ text })} />;
    case 'number_range':
      return (
        <>
          <NumberInput label="From" value={v.text} onInput={(text) => set({ text })} />
          <NumberInput label="To" value={v.high} onInput={(high) => set({ high })} />
        </>
      );
    case 'day':
    case 'date':
      return <DateInput label="Date" value={v.text} onInput={(text) => set({ text })} />;
    case 'date_range':
      return (
        <>
          <DateInput label="From" value={v.text} onInput={(text) => set({ text })} />
          <DateInput label="To" value={v.high} onInput={(high) => set({ high })} />
        </>
      );
    case 'duration':
      return (
        <>
          <NumberInput label="Amount" min={1} max={100000} value={v.amount} onInput={(amount) => set({ amount })} />
          <SelectField label="Unit" class="narrow" value={v.unit} onChange={(unit) => set({ unit: unit as DurationUnit })}>
            {Object.keys(DURATION_UNITS).map((u) => (
              <option key={u} value={u}>
                {u}
              </option>
            ))}
          </SelectField>
        </>
      );
    case 'options':
      return (
        <fieldset class="options">
          <legend>Values</legend>
          {(AUDIENCE_FIELDS[condition.field].options ?? []).map((o) => (
            <label key={o} class="check">
              <input type="checkbox" checked={v.list.includes(o)} onChange={(e) => set({ list: (e.target as HTMLInputElement).checked ? [...v.list, o] : v.list.filter((x) => x !== o) })} />
              {o.replace(/_/g, ' ')}
            </label>
          ))}
        </fieldset>
      );
    case 'list':
      return (
        <label class="field">
          <span>Values (comma-separated)</span>
          <input value={v.text} onInput={(e) => set({ text: input(e) })} />
        </label>
      );
    case 'boolean':
      return (
        <SelectField label="Value" class="narrow" value={v.text === 'false' ? 'false' : 'true'} onChange={(text) => set({ text })}>
          <option value="true">true</option>
          <option value="false">false</option>
        </SelectField>
      );
    default:
      return (
        <label class="field">
          <span>Value</span>
          <input value={v.text} maxLength={1000} onInput={(e) => set({ text: input(e) })} />
        </label>
      );
  }
}
