// The project's procedures as the Actions page lists them for one profile (spec 2.9): state (Active
// or Draft), whether this profile runs it, and its trigger phrases.
import type { Procedure } from '../models/procedures.js';

type Props = {
  procedures: Procedure[];
  profileId: string;
  onState(p: Procedure, active: boolean): void;
  onEnabled(p: Procedure, enabled: boolean): void;
  onEdit(p: Procedure): void;
  onDelete(p: Procedure): void;
};

export function ProcedureList({ procedures, profileId, onState, onEnabled, onEdit, onDelete }: Props) {
  if (!procedures.length) return <p class="muted">No procedures yet.</p>;
  return (
    <ul class="action-list">
      {procedures.map((p) => (
        <li key={p.id} class="action-row">
          <div class="action-main">
            <strong>{p.name}</strong>
            <span class="muted"> · {p.triggers.join(' · ')}</span>
          </div>
          <div class="row-actions">
            <label>
              <input type="checkbox" checked={p.state === 'active'} onChange={(e) => onState(p, (e.target as HTMLInputElement).checked)} /> Active
            </label>
            <label>
              <input type="checkbox" checked={p.profile_ids.includes(profileId)} onChange={(e) => onEnabled(p, (e.target as HTMLInputElement).checked)} /> On this profile
            </label>
            <button type="button" class="btn" aria-label={`Edit ${p.name}`} onClick={() => onEdit(p)}>Edit</button>
            <button type="button" class="btn btn-danger" aria-label={`Delete ${p.name}`} onClick={() => onDelete(p)}>Delete</button>
          </div>
        </li>
      ))}
    </ul>
  );
}
