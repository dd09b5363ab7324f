// Which profile the page edits (the default first, as the server lists them), a new profile, and the
// delete button of a non-default one (the default profile cannot be deleted: docs/behaviour.md).
import { useState } from 'preact/hooks';
import type { ProfileView } from '../models/behaviour.js';
import { ReasonButton } from './ReasonButton.js';

interface Props {
  profiles: ProfileView[];
  selected: string;
  onSelect(id: string): void;
  onCreate(name: string): Promise<boolean>;
  onDelete(profile: ProfileView): void;
}

export function ProfileChooser({ profiles, selected, onSelect, onCreate, onDelete }: Props) {
  const [name, setName] = useState('');
  const current = profiles.find((p) => p.id === selected);
  return (
    <div class="profile-chooser">
      <div class="row-form">
        <label class="field">
          <span>Profile to edit</span>
          <select value={selected} onChange={(e) => onSelect((e.target as HTMLSelectElement).value)}>
            {profiles.map((p) => (
              <option key={p.id} value={p.id}>
                {p.is_default ? `${p.name} (default)` : p.name}
              </option>
            ))}
          </select>
        </label>
        {current && !current.is_default && (
          <button type="button" class="btn btn-danger" onClick={() => onDelete(current)}>
            Delete profile
          </button>
        )}
      </div>
      <form
        class="row-form"
        aria-label="New profile"
        onSubmit={async (e) => {
          e.preventDefault();
          if (await onCreate(name.trim())) setName('');
        }}
      >
        <label class="field">
          <span>New profile name</span>
          <input required maxLength={120} value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
        </label>
        <ReasonButton class="btn" type="submit" reason={!name.trim() && 'Name the profile first.'}>
          Create profile
        </ReasonButton>
      </form>
    </div>
  );
}
