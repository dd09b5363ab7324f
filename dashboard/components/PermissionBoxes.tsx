// The spec 5 permissions as checkboxes. Write, update, upsert and delete include the matching read
// (spec 5.4), which the hint under the list says rather than ticking boxes behind the user's back.
import { ALL_PERMISSIONS } from '../models/keys.js';

export function PermissionBoxes({ legend, value, onChange }: { legend: string; value: string[]; onChange(next: string[]): void }) {
  return (
    <fieldset class="permissions">
      <legend>{legend}</legend>
      <div class="permission-grid">
        {ALL_PERMISSIONS.map((p) => (
          <label key={p} class="check">
            <input
              type="checkbox"
              checked={value.includes(p)}
              onChange={(e) => onChange((e.target as HTMLInputElement).checked ? [...value, p] : value.filter((x) => x !== p))}
            />{' '}
            <code>{p}</code>
          </label>
        ))}
      </div>
      <p class="muted">Write, update, upsert and delete include the matching read.</p>
    </fieldset>
  );
}
