// The service's toolboxes (spec 2.9; docs/behaviour.md "Toolboxes and web tools") as switches for one
// profile: a toolbox on adds all its tools to the profile (PATCH the profile's `toolboxes`).
import type { Toolbox } from '../../shared/schemas/toolboxes.js';

type Props = { toolboxes: Toolbox[]; enabled: string[]; onToggle(id: string, on: boolean): void };

export function ToolboxList({ toolboxes, enabled, onToggle }: Props) {
  return (
    <ul class="action-list">
      {toolboxes.map((t) => (
        <li key={t.id} class="action-row">
          <label class="action-main">
            <input type="checkbox" role="switch" checked={enabled.includes(t.id)} onChange={(e) => onToggle(t.id, (e.target as HTMLInputElement).checked)} />{' '}
            <strong>{t.name}</strong> <span class="muted">{t.description}</span>
          </label>
          <ul class="tool-names">
            {t.actions.map((a) => (
              <li key={a.name}>
                <code>{a.name}</code> <span class="muted">{a.description}{a.available ? '' : ' (not available on this server)'}</span>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
