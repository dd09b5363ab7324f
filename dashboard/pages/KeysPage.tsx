// The project's API keys (spec 2.3, 3.3): create (the full key shown once, with copy), the masked
// list with last use, reveal after re-entering the password, permissions as checkboxes, delete with
// confirmation. Viewing needs a session; changing needs the admin role (docs/api.md).
import { useEffect, useState } from 'preact/hooks';
import '../styles/channels.css';
import { createKey, deleteKey, listKeys, type PublicKey } from '../models/keys.js';
import { pageTitle, BASE_TITLE } from '../models/notifications.js';
import { Loading } from '../components/Loading.js';
import { ConfirmDialog } from '../components/ConfirmDialog.js';
import { SecretOnce } from '../components/SecretOnce.js';
import { PermissionBoxes } from '../components/PermissionBoxes.js';
import { KeyRow } from '../components/KeyRow.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { useErrorLine } from '../components/use-error-line.js';
import { ReasonButton } from '../components/ReasonButton.js';

export default function KeysPage({ project }: { project: string }) {
  const [list, setList] = useState<PublicKey[] | null>(null);
  const [name, setName] = useState('');
  const [perms, setPerms] = useState<string[]>(['project:read']);
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const [deleting, setDeleting] = useState<PublicKey | null>(null);
  const { error, showError, guard } = useErrorLine();
  const load = () => listKeys(project).then(setList, showError);
  useEffect(() => {
    pageTitle.value = `API keys · ${BASE_TITLE}`;
    void load();
  }, [project]);

  async function create(e: Event) {
    e.preventDefault();
    await guard(async () => {
      const res = await createKey(project, name.trim(), perms);
      setCreated({ name: res.api_key.name, key: res.key });
      setName('');
      await load();
    });
  }

  async function remove(k: PublicKey) {
    setDeleting(null);
    await guard(async () => {
      await deleteKey(project, k.id);
      await load();
    });
  }

  return (
    <div class="setup">
      <div class="page-head">
        <h1>API keys</h1>
      </div>
      <p class="muted">Keys are for your servers only: never put one in a web page or an app.</p>
      <ErrorAlert text={error} />
      <form class="card" onSubmit={create} aria-labelledby="new-key-title">
        <h2 id="new-key-title">New API key</h2>
        <label class="field">
          <span>Key name</span>
          <input required maxLength={200} value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
        </label>
        <PermissionBoxes legend="Permissions" value={perms} onChange={setPerms} />
        <ReasonButton class="btn btn-primary" type="submit" reason={!name.trim() ? 'Name the key first.' : !perms.length && 'Choose at least one permission.'}>
          Create key
        </ReasonButton>
      </form>
      <div role="status">
        {created && (
          <SecretOnce value={created.key} copyLabel="Copy new key" testId="new-key">
            Key <strong>{created.name}</strong> created. Copy it now: it is shown in full only this once.
          </SecretOnce>
        )}
      </div>
      <section class="card" aria-labelledby="key-list-title">
        <h2 id="key-list-title">Keys of this project</h2>
        {!list && <Loading />}
        {list && !list.length && <p class="muted">No keys yet.</p>}
        <ul class="plain-list">
          {(list ?? []).map((k) => (
            <KeyRow key={k.id} item={k} onChanged={(u) => setList((l) => l && l.map((x) => (x.id === u.id ? u : x)))} onDelete={setDeleting} />
          ))}
        </ul>
      </section>
      <ConfirmDialog open={!!deleting} title={`Delete ${deleting?.name ?? 'key'}?`} confirmLabel="Delete key" danger onConfirm={() => deleting && void remove(deleting)} onCancel={() => setDeleting(null)}>
        <p>Requests with it fail at once (401). This cannot be undone.</p>
      </ConfirmDialog>
    </div>
  );
}
