// One condition of the audience builder (spec 2.8): field (grouped as user attributes, channel,
// conversation, time) → operator (the field type's) → the operand input, a JSON path for JSON fields
// and the timezone for date and time fields. A 400 naming this condition shows here.
import { AUDIENCE_FIELDS } from '../../shared/schemas/audience-fields.js';
import { fieldType, operatorsOf, takesTimezone, valueKind, withField, type DraftCondition, type DraftNode } from '../models/audience-draft.js';
import { FIELDS_BY_GROUP, fieldLabel, operatorLabel } from '../models/audience-text.js';
import { AudienceValueInput } from './AudienceValueInput.js';
import { ErrorAlert } from './ErrorAlert.js';
import { SelectField } from './SelectField.js';
import { removeAndRefocus, useFocusOnMount } from './row-focus.js';

export interface BuilderOps {
  update(key: string, fn: (n: DraftNode) => DraftNode): void;
  remove(key: string): void;
  /** Adds to a group, or to the root when `groupKey` is null. */
  append(groupKey: string | null, node: DraftNode): void;
  /** Messages of the last save's 400, by node key. */
  errors: Record<string, string>;
}

const value = (e: Event) => (e.target as HTMLSelectElement).value;

export function ConditionRow({ condition: c, number, ops }: { condition: DraftCondition; number: string; ops: BuilderOps }) {
  const set = (patch: Partial<DraftCondition>) => ops.update(c.key, (n) => ({ ...(n as DraftCondition), ...patch }));
  const error = ops.errors[c.key] ?? '';
  const ref = useFocusOnMount<HTMLLIElement>(c.key);
  return (
    <li ref={ref} class={`condition${error ? ' has-error' : ''}`}>
      <fieldset data-condition={number}>
        <legend class="sr-only">Condition {number}</legend>
        <div class="condition-controls">
          <SelectField label="Field" value={c.field} onChange={(f) => ops.update(c.key, (n) => withField(n as DraftCondition, f))}>
              {FIELDS_BY_GROUP.map((g) => (
                <optgroup key={g.group} label={g.label}>
                  {g.fields.map((f) => (
                    <option key={f} value={f}>
                      {fieldLabel(f)}
                    </option>
                  ))}
                </optgroup>
              ))}
          </SelectField>
          {fieldType(c.field) === 'json' && (
            <label class="field">
              <span>JSON path</span>
              <input value={c.path} placeholder="plan or address.country" maxLength={200} onInput={(e) => set({ path: value(e) })} />
            </label>
          )}
          <SelectField label="Operator" value={c.operator} onChange={(operator) => set({ operator })}>
              {operatorsOf(c.field).map((o) => (
                <option key={o} value={o}>
                  {operatorLabel(o)}
                </option>
              ))}
          </SelectField>
          {/* New inputs per kind: a reused input would keep a dropped attribute (maxLength) as 0. */}
          <AudienceValueInput key={valueKind(c.field, c.operator)} condition={c} onChange={(v) => set({ value: v })} />
          {takesTimezone(c.field) && (
            <SelectField label="Timezone" class="narrow" value={c.timezone} onChange={(tz) => set({ timezone: tz as 'user' | 'project' })}>
              <option value="user">user's</option>
              <option value="project">project's</option>
            </SelectField>
          )}
          <button type="button" class="btn btn-quiet" aria-label={`Remove condition ${number}`} onClick={(e) => removeAndRefocus(e.currentTarget, () => ops.remove(c.key))}>
            Remove
          </button>
        </div>
        <p class="muted hint">
          <code>{c.field}</code> ({fieldType(c.field)}): {AUDIENCE_FIELDS[c.field]?.description}
        </p>
        <ErrorAlert text={error} />
      </fieldset>
    </li>
  );
}
