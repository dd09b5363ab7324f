// A Unitool's secrets in its editor (docs/behaviour.md "Unitools"): values are write-only, so saved
// secrets show by name, each can be marked for removal, and new ones are typed as name + value in
// password fields. A saved name typed again replaces its value. The editor empties the rows after a
// save, so no value stays on screen.
import { ErrorAlert } from './ErrorAlert.js';

export type SecretRow = { name: string; value: string };

type Props = {
  saved: string[];
  removed: string[];
  rows: SecretRow[];
  error: string;
  onRemoved(names: string[]): void;
  onRows(rows: SecretRow[]): void;
};

export function SecretFields({ saved, removed, rows, error, onRemoved, onRows }: Props) {
  const setRow = (i: number, patch: Partial<SecretRow>) => onRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <fieldset class="secrets" aria-describedby="unitool-secrets-hint">
      <legend>Secrets</legend>
      <p id="unitool-secrets-hint" class="muted hint">
        Environment variables the code reads (names like SHOP_TOKEN). Values are stored encrypted and never shown again.
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
          <label class="field" for={`secret-name-${i}`}>
            <span>Secret name {i + 1}</span>
            <input id={`secret-name-${i}`} autocomplete="off" spellcheck={false} value={row.name} onInput={(e) => setRow(i, { name: (e.target as HTMLInputElement).value })} />
          </label>
          <label class="field" for={`secret-value-${i}`}>
            <span>Value {i + 1}</span>
            <input id={`secret-value-${i}`} type="password" autocomplete="new-password" value={row.value} onInput={(e) => setRow(i, { value: (e.target as HTMLInputElement).value })} />
          </label>
          <button type="button" class="btn" aria-label={`Remove secret row ${i + 1}`} onClick={() => onRows(rows.filter((_, j) => j !== i))}>
            Remove
          </button>
        </div>
      ))}
      <button type="button" class="btn" onClick={() => onRows([...rows, { name: '', value: '' }])}>
        Add secret
      </button>
    </fieldset>
  );
}
