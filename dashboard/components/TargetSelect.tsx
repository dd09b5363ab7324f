// Which configuration a simulation answers from: the draft (what edits have made of it) or a build.
// The label is tied by for/id so the control's name is the label alone, not the chosen option too.
import { useId } from 'preact/hooks';
import type { DeploymentSummary } from '../../shared/schemas/deployments.js';

interface Props {
  label: string;
  value: string;
  builds: DeploymentSummary[];
  onChange(value: string): void;
}

export function TargetSelect({ label, value, builds, onChange }: Props) {
  const id = useId();
  return (
    <div class="field target-field">
      <label for={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange((e.target as HTMLSelectElement).value)}>
        <option value="draft">Draft</option>
        {builds.map((b) => (
          <option key={b.version} value={String(b.version)}>
            v{b.version}
            {b.note ? ` · ${b.note.slice(0, 40)}` : ''}
          </option>
        ))}
      </select>
    </div>
  );
}
