// The Unitools section of the Actions page (spec 2.9; docs/behaviour.md "Unitools"): custom code
// tools are the project's, so the list shows all of them, and a switch per tool enables it on the
// profile chosen at the top of the page. New / Edit open the editor with its test-run; Delete asks
// first. When a test-run finds no sandbox on the server, the remedy stays on top of the section.
import { useEffect, useRef, useState } from 'preact/hooks';
import { deleteUnitool, listUnitools, updateUnitool, type Unitool } from '../models/unitools.js';
import type { ProfileView } from '../models/behaviour.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { ErrorAlert } from './ErrorAlert.js';
import { Loading } from './Loading.js';
import { SandboxNotice } from './SandboxNotice.js';
import { UnitoolEditor } from './UnitoolEditor.js';
import { UnitoolList } from './UnitoolList.js';
import { useErrorLine } from './use-error-line.js';

type Editing = { tool: Unitool | null; session: number } | null;

export function UnitoolsSection({ project, profile }: { project: string; profile: ProfileView }) {
  const [tools, setTools] = useState<Unitool[] | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [confirming, setConfirming] = useState<Unitool | null>(null);
  const [sandbox, setSandbox] = useState('');
  const newButton = useRef<HTMLButtonElement>(null);
  const { error, showError, guard } = useErrorLine();

  useEffect(() => {
    listUnitools(project).then(setTools, showError);
  }, [project]);

  const put = (t: Unitool) => setTools((list) => list && (list.some((x) => x.id === t.id) ? list.map((x) => (x.id === t.id ? t : x)) : [...list, t]));

  async function toggle(t: Unitool, on: boolean) {
    const ids = on ? [...t.profile_ids.filter((x) => x !== profile.id), profile.id] : t.profile_ids.filter((x) => x !== profile.id);
    const saved = await guard(() => updateUnitool(project, t.id, { profile_ids: ids }));
    if (saved) put(saved);
  }

  async function confirm() {
    const c = confirming;
    setConfirming(null);
    if (!c) return;
    await guard(async () => {
      await deleteUnitool(project, c.id);
      setTools((list) => list && list.filter((x) => x.id !== c.id));
      if (editing?.tool?.id === c.id) setEditing(null);
    });
    newButton.current?.focus();
  }

  return (
    <section class="card" aria-labelledby="unitools-title">
      <div class="section-head">
        <h2 id="unitools-title">Unitools</h2>
        <button ref={newButton} type="button" class="btn btn-primary" onClick={() => setEditing({ tool: null, session: Date.now() })}>
          New Unitool
        </button>
      </div>
      <p class="muted">Your own Python or Shell code the agent can call, run in a sandbox without network. Tools belong to the project; the switches enable them on {profile.name}.</p>
      <SandboxNotice problem={sandbox} />
      <ErrorAlert text={error} />
      {editing && (
        <UnitoolEditor
          key={editing.session}
          project={project}
          profileId={profile.id}
          tool={editing.tool}
          onSaved={(t) => {
            put(t);
            setEditing({ ...editing, tool: t });
          }}
          onClose={() => {
            setEditing(null);
            newButton.current?.focus();
          }}
          onSandboxProblem={setSandbox}
        />
      )}
      {tools ? (
        <UnitoolList
          tools={tools}
          profileId={profile.id}
          profileName={profile.name}
          onEnabled={(t, on) => void toggle(t, on)}
          onEdit={(t) => setEditing({ tool: t, session: Date.now() })}
          onDelete={setConfirming}
        />
      ) : (
        <Loading />
      )}
      <ConfirmDialog
        open={!!confirming}
        title={`Delete Unitool ${confirming?.name ?? ''}?`}
        confirmLabel="Delete Unitool"
        danger
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(null)}
      >
        <p>The agent can no longer call it on any profile, and its secrets are deleted. This cannot be undone.</p>
      </ConfirmDialog>
    </section>
  );
}
