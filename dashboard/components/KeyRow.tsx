// One API key in the list: masked, with its last use; reveal after re-entering the password; edit
// its permissions; delete (the page asks for confirmation).
import { useState } from 'preact/hooks';
import { revealKey, updateKey, type PublicKey } from '../models/keys.js';
import { PermissionBoxes } from './PermissionBoxes.js';
import { CopyButton } from './CopyButton.js';
import { ErrorAlert } from './ErrorAlert.js';
import { useErrorLine } from './use-error-line.js';
import { ReasonButton } from './ReasonButton.js';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'never');

export function KeyRow({ item, onChanged, onDelete }: { item: PublicKey; onChanged(k: PublicKey): void; onDelete(k: PublicKey): void }) {
  const [password, setPassword] = useState('');
  const [revealed, setRevealed] = useState('');
  const [perms, setPerms] = useState(item.permissions);
  const [message, setMessage] = useState('');
  const { error, guard } = useErrorLine();
  const run = async (fn: () => Promise<void>) => {
    setMessage('');
    await guard(fn);
  };
  return (
    <li class="key-row" data-key-id={item.id}>
      <div class="key-head">
        <strong>{item.name}</strong> <code>{item.mask}</code>
        <span class="muted">
          {item.environment} · last used {when(item.last_used_at)}
        </span>
        <button type="button" class="btn btn-quiet" aria-label={`Delete ${item.name}`} onClick={() => onDelete(item)}>
          Delete
        </button>
      </div>
      <details>
        <summary>Reveal key</summary>
        <form class="row-form" onSubmit={(e) => (e.preventDefault(), void run(async () => setRevealed(await revealKey(item.project_id, item.id, password))))}>
          <label class="field">
            <span>Your password (for {item.name})</span>
            <input type="password" autocomplete="current-password" value={password} onInput={(e) => setPassword((e.target as HTMLInputElement).value)} required />
          </label>
          <button class="btn" type="submit">
            Reveal
          </button>
        </form>
        {revealed && (
          <p>
            <code class="secret-value">{revealed}</code> <CopyButton text={revealed} label="Copy key" />
          </p>
        )}
      </details>
      <details>
        <summary>Permissions ({item.permissions.length})</summary>
        <form
          onSubmit={(e) => (
            e.preventDefault(),
            void run(async () => {
              onChanged(await updateKey(item.project_id, item.id, { permissions: perms }));
              setMessage('Permissions saved: effective on the next request.');
            })
          )}
        >
          <PermissionBoxes legend={`Permissions of ${item.name}`} value={perms} onChange={setPerms} />
          <ReasonButton class="btn btn-primary" type="submit" reason={!perms.length && 'Choose at least one permission.'}>
            Save permissions
          </ReasonButton>
        </form>
      </details>
      <p role="status" class="ok">
        {message}
      </p>
      <ErrorAlert text={error} />
    </li>
  );
}
