// What the agent can do for one profile (spec 2.9; docs/behaviour.md "Procedures", "Toolboxes and
// web tools", "Unitools", "External tool servers (MCP)"): the project's procedures, Unitools and
// MCP servers (on or off for this profile) and the service's toolboxes.
import { useEffect, useRef, useState } from 'preact/hooks';
import '../styles/channels.css';
import '../styles/behaviour.css';
import '../styles/actions.css';
import { listProfiles, updateProfile, type ProfileView } from '../models/behaviour.js';
import { deleteProcedure, listProcedures, listToolboxes, updateProcedure, type Procedure } from '../models/procedures.js';
import type { Toolbox } from '../../shared/schemas/toolboxes.js';
import { pageTitle, BASE_TITLE } from '../models/notifications.js';
import { Loading } from '../components/Loading.js';
import { ConfirmDialog } from '../components/ConfirmDialog.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { useErrorLine } from '../components/use-error-line.js';
import { ProcedureEditor } from '../components/ProcedureEditor.js';
import { ProcedureList } from '../components/ProcedureList.js';
import { ToolboxList } from '../components/ToolboxList.js';
import { UnitoolsSection } from '../components/UnitoolsSection.js';
import { McpServersSection } from '../components/McpServersSection.js';

type Editing = { procedure: Procedure | null; session: number } | null;

export default function ActionsPage({ project }: { project: string }) {
  const [profiles, setProfiles] = useState<ProfileView[] | null>(null);
  const [selected, setSelected] = useState('default');
  const [procedures, setProcedures] = useState<Procedure[] | null>(null);
  const [toolboxes, setToolboxes] = useState<Toolbox[]>([]);
  const [editing, setEditing] = useState<Editing>(null);
  const [confirming, setConfirming] = useState<Procedure | null>(null);
  const newButton = useRef<HTMLButtonElement>(null);
  const { error, showError, guard } = useErrorLine();
  const profile = profiles?.find((p) => p.id === selected);

  useEffect(() => {
    pageTitle.value = `Actions · ${BASE_TITLE}`;
    listProfiles(project).then((list) => {
      setProfiles(list);
      setSelected(list[0]?.id ?? 'default');
    }, showError);
    listProcedures(project).then(setProcedures, showError);
    listToolboxes(project).then(setToolboxes, showError);
  }, [project]);

  const put = (p: Procedure) => setProcedures((list) => list && (list.some((x) => x.id === p.id) ? list.map((x) => (x.id === p.id ? p : x)) : [...list, p]));
  const patch = (p: Procedure, body: Parameters<typeof updateProcedure>[2]) => guard(async () => put(await updateProcedure(project, p.id, body)));

  async function toggleToolbox(id: string, on: boolean) {
    if (!profile) return;
    const now = profile.toolboxes ?? [];
    const next = on ? [...now.filter((x) => x !== id), id] : now.filter((x) => x !== id);
    const saved = await guard(() => updateProfile(project, profile.id, { toolboxes: next as never }));
    if (saved) setProfiles((list) => list && list.map((x) => (x.id === saved.id ? saved : x)));
  }

  async function confirm() {
    const c = confirming;
    setConfirming(null);
    if (!c) return;
    await guard(async () => {
      await deleteProcedure(project, c.id);
      setProcedures((list) => list && list.filter((x) => x.id !== c.id));
      if (editing?.procedure?.id === c.id) setEditing(null);
    });
    newButton.current?.focus();
  }

  return (
    <div class="setup actions">
      <div class="page-head">
        <h1>Actions</h1>
      </div>
      <p class="muted">Procedures, Unitools, toolboxes and tool servers let the agent do tasks, not only answer. Changes here edit the draft.</p>
      <ErrorAlert text={error} />
      {!profile && <Loading />}
      {profiles && profile && (
        <>
          <label class="field profile-pick" for="actions-profile">
            <span>Profile</span>
            <select id="actions-profile" value={selected} onChange={(e) => setSelected((e.target as HTMLSelectElement).value)}>
              {profiles.map((p) => (
                <option key={p.id} value={p.id}>{p.name}</option>
              ))}
            </select>
          </label>
          <section class="card" aria-labelledby="procedures-title">
            <div class="section-head">
              <h2 id="procedures-title">Procedures</h2>
              <button ref={newButton} type="button" class="btn btn-primary" onClick={() => setEditing({ procedure: null, session: Date.now() })}>
                New procedure
              </button>
            </div>
            <p class="muted">Step-by-step workflows started when the visitor's message matches a trigger phrase; they run without any LLM.</p>
            {editing && (
              <ProcedureEditor
                key={editing.session}
                project={project}
                profileId={profile.id}
                procedure={editing.procedure}
                onSaved={(p) => {
                  put(p);
                  setEditing({ ...editing, procedure: p });
                }}
                onClose={() => {
                  setEditing(null);
                  newButton.current?.focus();
                }}
              />
            )}
            {procedures ? (
              <ProcedureList
                procedures={procedures}
                profileId={profile.id}
                onState={(p, active) => void patch(p, { state: active ? 'active' : 'draft' })}
                onEnabled={(p, on) => void patch(p, { profile_ids: on ? [...p.profile_ids.filter((x) => x !== profile.id), profile.id] : p.profile_ids.filter((x) => x !== profile.id) })}
                onEdit={(p) => setEditing({ procedure: p, session: Date.now() })}
                onDelete={setConfirming}
              />
            ) : (
              <Loading />
            )}
          </section>
          <UnitoolsSection project={project} profile={profile} />
          <section class="card" aria-labelledby="toolboxes-title">
            <h2 id="toolboxes-title">Toolboxes of {profile.name}</h2>
            <p class="muted">Bundles of built-in tools: a toolbox turned on gives the agent all its tools.</p>
            <ToolboxList toolboxes={toolboxes} enabled={profile.toolboxes ?? []} onToggle={(id, on) => void toggleToolbox(id, on)} />
          </section>
          <McpServersSection project={project} profile={profile} onProfileSaved={(saved) => setProfiles((list) => list && list.map((x) => (x.id === saved.id ? saved : x)))} />
        </>
      )}
      <ConfirmDialog
        open={!!confirming}
        title={`Delete procedure ${confirming?.name ?? ''}?`}
        confirmLabel="Delete procedure"
        danger
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(null)}
      >
        <p>Conversations stop starting it. This cannot be undone.</p>
      </ConfirmDialog>
    </div>
  );
}
