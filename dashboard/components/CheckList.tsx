// A multiple choice in a disclosure ("Involvement (2)"): a fieldset of checkboxes, keyboard and
// screen-reader friendly without a custom listbox.
export interface Choice {
  value: string;
  label: string;
}

export function CheckList({ legend, choices, value, onChange }: { legend: string; choices: Choice[]; value: string[]; onChange: (next: string[]) => void }) {
  return (
    <details class="checklist">
      <summary>
        {legend}
        {value.length > 0 && <span class="count"> ({value.length})</span>}
      </summary>
      <fieldset>
        <legend class="sr-only">{legend}</legend>
        {choices.length === 0 && <p class="muted">None yet</p>}
        {choices.map((c) => (
          <label key={c.value} class="check">
            <input
              type="checkbox"
              checked={value.includes(c.value)}
              onChange={(e) => {
                const on = (e.target as HTMLInputElement).checked;
                onChange(on ? [...value, c.value] : value.filter((v) => v !== c.value));
              }}
            />
            {c.label}
          </label>
        ))}
      </fieldset>
    </details>
  );
}
