// The webhook event types as checkboxes; none ticked means every event (the API's empty filter).
import { EVENT_TYPES } from '../models/webhooks.js';

export function EventTypeBoxes({ legend, value, onChange }: { legend: string; value: string[]; onChange(next: string[]): void }) {
  return (
    <fieldset class="permissions">
      <legend>{legend}</legend>
      <div class="permission-grid event-grid">
        {EVENT_TYPES.map((t) => (
          <label key={t} class="check">
            <input
              type="checkbox"
              checked={value.includes(t)}
              onChange={(e) => onChange((e.target as HTMLInputElement).checked ? [...value, t] : value.filter((x) => x !== t))}
            />{' '}
            <code>{t}</code>
          </label>
        ))}
      </div>
      <p class="muted">None ticked: every event, including types added later.</p>
    </fieldset>
  );
}
