// Write-only name → value pairs in a form: a Unitool's secrets, an MCP server's headers or
// environment (docs/behaviour.md "Unitools", "External tool servers (MCP)"). Values are never sent
// back by the server, so saved pairs show by name, each can be marked for removal, and new ones are
// typed as name + value in password fields; a saved name typed again replaces its value. The form
// empties the rows after a save, so no value stays on screen.
import { ErrorAlert } from './ErrorAlert.js';

export type SecretRow = { name: string; value: string };

type Props = {
  /** Prefix of the control ids (`secret` → `secret-name-0`). */
  idPrefix: string;
  legend: string;
  hint: string;
  /** The label of one pair's name and value, numbered from 1. */
  nameLabel?: string;
  valueLabel?: string;
  addLabel?: string;
  saved: string[];
  removed: string[];
  rows: SecretRow[];
  error: string;
  onRemoved(names: string[]): void;
  onRows(rows: SecretRow[]): void;
};

export function SecretFields(props: Props) {
  const { idPrefix: k, legend, hint, nameLabel = 'Name', valueLabel = 'Value', addLabel = 'Add', saved, removed, rows, error, onRemoved, onRows } = props;
  const setRow = (i: number, patch: Partial<SecretRow>) => onRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <fieldset class="secrets" aria-describedby={`${k}-hint`}>
      <legend>{legend}</legend>
      <p id={`${k}-hint`} class="muted hint">
        {hint}
      </p>
      <ErrorAlert text={error} />
      {saved.length > 0 && (
        <ul class="secret-names">
          {saved.map((name) => (
            <li key={name}>
              <label class="check">
                <input
                  type="checkbox"
                  checked={removed.includes(name)}
                  onChange={(e) => onRemoved((e.target as HTMLInputElement).checked ? [...removed, name] : removed.filter((x) => x !== name))}
                />
                <span>
                  Remove <code>{name}</code> on save
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {rows.map((row, i) => (
        <div key={i} class="secret-row">
          <label class="field" for={`${k}-name-${i}`}>
            <span>
              {nameLabel} {i + 1}
            </span>
            <input id={`${k}-name-${i}`} autocomplete="off" spellcheck={false} value={row.name} onInput={(e) => setRow(i, { name: (e.target as HTMLInputElement).value })} />
          </label>
          <label class="field" for={`${k}-value-${i}`}>
            <span>
              {valueLabel} {i + 1}
            </span>
            <input id={`${k}-value-${i}`} type="password" autocomplete="new-password" value={row.value} onInput={(e) => setRow(i, { value: (e.target as HTMLInputElement).value })} />
          </label>
          <button type="button" class="btn" aria-label={`Remove ${nameLabel.toLowerCase()} row ${i + 1}`} onClick={() => onRows(rows.filter((_, j) => j !== i))}>
            Remove
          </button>
        </div>
      ))}
      <button type="button" class="btn" onClick={() => onRows([...rows, { name: '', value: '' }])}>
        {addLabel}
      </button>
    </fieldset>
  );
}

/** The rows someone filled in, as the API's name → value map (blank rows dropped). */
export const typedPairs = (rows: SecretRow[]): Record<string, string> =>
  Object.fromEntries(rows.filter((r) => r.name.trim() || r.value).map((r) => [r.name.trim(), r.value]));
