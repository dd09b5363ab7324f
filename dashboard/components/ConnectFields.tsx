// The connect form's fields of a platform (shared/channel-types.ts): a secret is a password field,
// write-only; with `masked` (an existing connection) it starts empty, shows the stored value masked
// and keeps it unless something is typed. A toggle is a checkbox whose value is "on" or "" (cleared).
import { TOGGLE_ON, type ConnectFieldInfo } from '../../shared/channel-types.js';

export function ConnectFields({ fields, values, masked, onChange, idPrefix }: {
  fields: ConnectFieldInfo[];
  values: Record<string, string>;
  masked?: Record<string, string>;
  onChange(values: Record<string, string>): void;
  idPrefix: string;
}) {
  return (
    <>
      {fields.map((f) => {
        const id = `${idPrefix}-${f.key}`;
        const stored = masked?.[f.key];
        if (f.toggle) {
          return (
            <div class="field" key={f.key}>
              <label class="check" for={id}>
                <input
                  id={id}
                  type="checkbox"
                  aria-describedby={`${id}-help`}
                  checked={(values[f.key] ?? stored ?? '') === TOGGLE_ON}
                  onChange={(e) => onChange({ ...values, [f.key]: (e.target as HTMLInputElement).checked ? TOGGLE_ON : '' })}
                />
                <span>{f.label}</span>
              </label>
              <small id={`${id}-help`} class="muted">
                {f.help}
              </small>
            </div>
          );
        }
        return (
          <div class="field" key={f.key}>
            <label for={id}>{f.label}</label>
            <input
              id={id}
              type={f.secret ? 'password' : 'text'}
              autoComplete={f.secret ? 'new-password' : 'off'}
              required={f.required && !stored}
              maxLength={2000}
              placeholder={f.secret && stored ? 'Leave empty to keep' : ''}
              aria-describedby={`${id}-help`}
              value={values[f.key] ?? (f.secret ? '' : (stored ?? ''))}
              onInput={(e) => onChange({ ...values, [f.key]: (e.target as HTMLInputElement).value })}
            />
            <small id={`${id}-help`} class="muted">
              {f.help}
              {f.secret && stored ? ` Stored: ${stored}.` : ''}
            </small>
          </div>
        );
      })}
    </>
  );
}
