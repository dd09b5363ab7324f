// How the agent behaves (spec 2.7, 2.9; docs/behaviour.md): the profile (model settings, enabled
// actions, timezone; new and delete) and its guidance rules in priority order, written in an editor
// whose backticks complete the profile's tool names. Everything here edits the draft.
import { useEffect, useRef, useState } from 'preact/hooks';
import '../styles/channels.css';
import '../styles/behaviour.css';
import {
  createProfile,
  deleteProfile,
  deleteRule,
  listAudiences,
  listProfiles,
  listRules,
  moved,
  profileTools,
  reorderRules,
  updateRule,
  type Audience,
  type GuidanceRule,
  type ProfileView,
} from '../models/behaviour.js';
import { pageTitle, BASE_TITLE } from '../models/notifications.js';
import { Loading } from '../components/Loading.js';
import { ConfirmDialog } from '../components/ConfirmDialog.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { useErrorLine } from '../components/use-error-line.js';
import { ProfileChooser } from '../components/ProfileChooser.js';
import { ProfileForm } from '../components/ProfileForm.js';
import { GuidanceEditor } from '../components/GuidanceEditor.js';
import { GuidanceRuleList, moveButtonId } from '../components/GuidanceRuleList.js';

type Confirming = { kind: 'rule'; rule: GuidanceRule } | { kind: 'profile'; profile: ProfileView } | null;
/** The open editor: `session` keeps it mounted (and its save messages) when a new rule is first saved. */
type Editing = { rule: GuidanceRule | null; session: number } | null;

export default function BehaviourPage({ project }: { project: string }) {
  const [profiles, setProfiles] = useState<ProfileView[] | null>(null);
  const [selected, setSelected] = useState('default');
  const [audiences, setAudiences] = useState<Audience[]>([]);
  const [rules, setRules] = useState<GuidanceRule[] | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [announce, setAnnounce] = useState('');
  const focusAfterMove = useRef<{ id: string; delta: -1 | 1 } | null>(null);
  const newRuleButton = useRef<HTMLButtonElement>(null);
  const { error, showError, guard } = useErrorLine();
  const profile = profiles?.find((p) => p.id === selected);
  const loadRules = () => listRules(project, selected).then(setRules, showError);

  useEffect(() => {
    pageTitle.value = `Behaviour · ${BASE_TITLE}`;
    listProfiles(project).then((list) => {
      setProfiles(list);
      setSelected(list[0]?.id ?? 'default');
    }, showError);
    listAudiences(project).then(setAudiences, showError);
  }, [project]);
  useEffect(() => {
    setRules(null);
    setEditing(null);
    void loadRules();
  }, [project, selected]);
  // A moved rule's button keeps the focus; at the top or bottom its other move button takes it.
  useEffect(() => {
    const f = focusAfterMove.current;
    if (!f) return;
    focusAfterMove.current = null;
    const same = document.getElementById(moveButtonId(f.id, f.delta)) as HTMLButtonElement | null;
    (same && !same.disabled ? same : document.getElementById(moveButtonId(f.id, f.delta === 1 ? -1 : 1)))?.focus();
  }, [rules]);

  const putRule = (r: GuidanceRule) => setRules((list) => list && (list.some((x) => x.id === r.id) ? list.map((x) => (x.id === r.id ? r : x)) : [...list, r]));
  const putProfile = (p: ProfileView) => setProfiles((list) => list && list.map((x) => (x.id === p.id ? p : x)));

  async function move(index: number, delta: -1 | 1) {
    if (!rules) return;
    const rule = rules[index];
    const next = moved(rules, index, delta);
    focusAfterMove.current = { id: rule.id, delta };
    setRules(next);
    setAnnounce(`${rule.name} moved to position ${index + delta + 1} of ${next.length}.`);
    const res = await guard(() => reorderRules(project, selected, next.map((r) => r.id)));
    if (res) setRules(res);
    else void loadRules();
  }

  const patchRule = (rule: GuidanceRule, patch: Parameters<typeof updateRule>[2]) =>
    guard(async () => putRule(await updateRule(project, rule.id, patch)));

  async function create(name: string): Promise<boolean> {
    const p = await guard(() => createProfile(project, { name }));
    if (!p) return false;
    setProfiles((list) => list && [...list, p]);
    setSelected(p.id);
    return true;
  }

  async function confirm() {
    const c = confirming;
    setConfirming(null);
    if (c?.kind === 'rule')
      await guard(async () => {
        await deleteRule(project, c.rule.id);
        if (editing?.rule?.id === c.rule.id) setEditing(null);
        await loadRules();
      });
    if (c?.kind === 'profile')
      await guard(async () => {
        await deleteProfile(project, c.profile.id);
        setProfiles((list) => list && list.filter((x) => x.id !== c.profile.id));
        setSelected('default');
      });
  }

  function closeEditor() {
    setEditing(null);
    newRuleButton.current?.focus();
  }

  return (
    <div class="setup behaviour">
      <div class="page-head">
        <h1>Behaviour</h1>
      </div>
      <p class="muted">Changes here edit the draft: channels that follow an alias get them with the next build.</p>
      <ErrorAlert text={error} />
      {!profile && <Loading />}
      {profiles && profile && (
        <div class="behaviour-cols">
          <section class="card" aria-labelledby="profile-title">
            <h2 id="profile-title">Profile</h2>
            <ProfileChooser profiles={profiles} selected={selected} onSelect={setSelected} onCreate={create} onDelete={(p) => setConfirming({ kind: 'profile', profile: p })} />
            <ProfileForm key={profile.id} profile={profile} onSaved={putProfile} />
          </section>
          <section class="card" aria-labelledby="rules-title">
            <div class="section-head">
              <h2 id="rules-title">Guidance rules of {profile.name}</h2>
              <button ref={newRuleButton} type="button" class="btn btn-primary" onClick={() => setEditing({ rule: null, session: Date.now() })}>
                New rule
              </button>
            </div>
            <p class="muted">Applied first to last to the conversations in their audience; a conversation in none of them gets the rules set to Everyone.</p>
            {editing && (
              <GuidanceEditor
                key={editing.session}
                project={project}
                profileId={profile.id}
                rule={editing.rule}
                tools={profileTools(profile)}
                audiences={audiences}
                onSaved={(r) => {
                  putRule(r);
                  setEditing({ ...editing, rule: r });
                }}
                onClose={closeEditor}
              />
            )}
            {rules ? (
              <GuidanceRuleList
                rules={rules}
                audiences={audiences}
                editingId={editing?.rule?.id ?? null}
                onMove={(i, d) => void move(i, d)}
                onState={(r, active) => void patchRule(r, { state: active ? 'active' : 'draft' })}
                onAudience={(r, audience_id) => void patchRule(r, { audience_id })}
                onEdit={(r) => setEditing({ rule: r, session: Date.now() })}
                onDelete={(r) => setConfirming({ kind: 'rule', rule: r })}
              />
            ) : (
              <Loading />
            )}
            <p role="status" class="sr-only">
              {announce}
            </p>
          </section>
        </div>
      )}
      <ConfirmDialog
        open={!!confirming}
        title={confirming?.kind === 'profile' ? `Delete profile ${confirming.profile.name}?` : `Delete rule ${confirming?.rule.name ?? ''}?`}
        confirmLabel={confirming?.kind === 'profile' ? 'Delete profile' : 'Delete rule'}
        danger
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(null)}
      >
        <p>{confirming?.kind === 'profile' ? 'Its guidance rules are deleted with it. This cannot be undone.' : 'The agent stops following it. This cannot be undone.'}</p>
      </ConfirmDialog>
    </div>
  );
}
