// The project's Unitools as the Actions page lists them for one profile (spec 2.9): a switch that
// enables each on this profile (the tool's `profile_ids`), its language, limits and secret names
// (never values), and Edit / Delete.
import type { Unitool } from '../models/unitools.js';

type Props = {
  tools: Unitool[];
  profileId: string;
  profileName: string;
  onEnabled(t: Unitool, on: boolean): void;
  onEdit(t: Unitool): void;
  onDelete(t: Unitool): void;
};

export function UnitoolList({ tools, profileId, profileName, onEnabled, onEdit, onDelete }: Props) {
  if (!tools.length) return <p class="muted">No Unitools yet.</p>;
  return (
    <ul class="action-list">
      {tools.map((t) => (
        <li key={t.id} class="action-row">
          <div class="action-main">
            <strong>{t.name}</strong>{' '}
            <span class="muted">
              · {t.language === 'python' ? 'Python' : 'Shell'} · {t.timeout_ms} ms · {t.memory_mb} MiB
              {t.secret_names.length > 0 && ` · secrets: ${t.secret_names.join(', ')}`}
            </span>
            <p class="muted tool-description">{t.description}</p>
          </div>
          <div class="row-actions">
            <label class="check">
              <input
                type="checkbox"
                role="switch"
                aria-label={`${t.name} on ${profileName}`}
                checked={t.profile_ids.includes(profileId)}
                onChange={(e) => onEnabled(t, (e.target as HTMLInputElement).checked)}
              />
              On {profileName}
            </label>
            <button type="button" class="btn" aria-label={`Edit ${t.name}`} onClick={() => onEdit(t)}>
              Edit
            </button>
            <button type="button" class="btn btn-danger" aria-label={`Delete ${t.name}`} onClick={() => onDelete(t)}>
              Delete
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
