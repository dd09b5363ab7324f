// One expectation of a scripted turn: its kind and, for the kinds that take one, its value (a title
// fragment, a text, a tool name). Every kind is checked on the stored reply (docs/behaviour.md
// "Simulations"), so it holds with the offline answerer as with an LLM.
import { useId } from 'preact/hooks';
import { EXPECTATION_KINDS, KIND_NAMES, type ExpectationKind, type ExpectDraft } from '../models/simulation-draft.js';

interface Props {
  draft: ExpectDraft;
  n: number;
  onChange(d: ExpectDraft): void;
  onRemove(): void;
}

export function ExpectationRow({ draft, n, onChange, onRemove }: Props) {
  const id = useId();
  const value = EXPECTATION_KINDS[draft.kind].value;
  return (
    <li class="expect-row">
      <div class="field">
        <label for={id}>Expectation {n}</label>
        <select id={id} value={draft.kind} onChange={(e) => onChange({ ...draft, kind: (e.target as HTMLSelectElement).value as ExpectationKind })}>
          {KIND_NAMES.map((k) => (
            <option key={k} value={k}>
              {EXPECTATION_KINDS[k].label}
            </option>
          ))}
        </select>
      </div>
      {value && (
        <label class="field">
          <span>{value.label}</span>
          <input
            required={value.required}
            maxLength={draft.kind === 'calls_tool' || draft.kind === 'not_calls_tool' ? 64 : 500}
            value={draft.value}
            onInput={(e) => onChange({ ...draft, value: (e.target as HTMLInputElement).value })}
          />
        </label>
      )}
      <button type="button" class="btn btn-quiet" onClick={onRemove}>
        Remove expectation {n}
      </button>
    </li>
  );
}
