// The project's aliases (docs/behaviour.md "Deployments and aliases"): create one on a build
// (mutable, or fixed as a rollback point), the list with repoint and history, delete with
// confirmation; deleting one a channel follows shows the server's refusal.
import { useState } from 'preact/hooks';
import { deleteAlias, pointAlias, ALIAS_PATTERN, type AliasOut } from '../models/deployments.js';
import { AliasRow } from './AliasRow.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { ErrorAlert } from './ErrorAlert.js';
import { useErrorLine } from './use-error-line.js';
import { VersionOptions } from './VersionOptions.js';
import { ReasonButton } from './ReasonButton.js';

interface Props {
  project: string;
  aliases: AliasOut[];
  versions: number[];
  channelNames: Map<string, string>;
  onChanged(): void;
}

export function AliasesPanel({ project, aliases, versions, channelNames, onChanged }: Props) {
  const [name, setName] = useState('');
  const [version, setVersion] = useState('');
  const [fixed, setFixed] = useState(false);
  const [deleting, setDeleting] = useState<AliasOut | null>(null);
  const { error, guard } = useErrorLine();
  const chosen = version || String(versions[0] ?? '');

  async function create(e: Event) {
    e.preventDefault();
    const done = await guard(() => pointAlias(project, name.trim(), { version: Number(chosen), mutable: !fixed }));
    if (!done) return;
    setName('');
    setFixed(false);
    onChanged();
  }

  async function remove(a: AliasOut) {
    setDeleting(null);
    const done = await guard(async () => (await deleteAlias(project, a.name), true));
    if (done) onChanged();
  }

  return (
    <section class="card" aria-labelledby="aliases-title">
      <h2 id="aliases-title">Aliases</h2>
      <p class="muted">A channel answers from the build its alias names. Point a mutable alias at another build to promote or roll back.</p>
      <ErrorAlert text={error} />
      {!aliases.length && <p class="muted">No aliases yet.</p>}
      <ul class="plain-list">
        {aliases.map((a) => (
          <AliasRow key={a.id} project={project} alias={a} versions={versions} channelNames={channelNames} onChanged={onChanged} onDelete={setDeleting} />
        ))}
      </ul>
      {versions.length > 0 && (
        <form class="row-form" onSubmit={create} aria-labelledby="new-alias-title">
          <h3 id="new-alias-title" class="wide">
            New alias
          </h3>
          <label class="field">
            <span>Alias name (a-z, 0-9, - and _)</span>
            <input required maxLength={40} pattern={ALIAS_PATTERN} value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
          </label>
          <label class="field narrow">
            <span>Points at build</span>
            <select value={chosen} onChange={(e) => setVersion((e.target as HTMLSelectElement).value)}>
              <VersionOptions versions={versions} />
            </select>
          </label>
          <label class="check">
            <input type="checkbox" checked={fixed} onChange={(e) => setFixed((e.target as HTMLInputElement).checked)} /> Fixed (can never be repointed)
          </label>
          <ReasonButton class="btn btn-primary" type="submit" reason={!name.trim() && 'Name the alias first.'}>
            Create alias
          </ReasonButton>
        </form>
      )}
      <ConfirmDialog
        open={!!deleting}
        title={`Delete alias ${deleting?.name ?? ''}?`}
        confirmLabel="Delete alias"
        danger
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      >
        <p>Its history goes with it. An alias a channel follows cannot be deleted.</p>
      </ConfirmDialog>
    </section>
  );
}
