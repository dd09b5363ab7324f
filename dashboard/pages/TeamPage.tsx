// The team (spec 2.1): invite a member with a role (a single-use link, also e-mailed when the
// server sends e-mail, or a temporary password that must be changed at first sign-in; either shown
// once), change roles (shared/roles.ts), remove with confirmation. Admins and owners change
// things; the server says why when a role may not (only owners manage owners).
import { useEffect, useState } from 'preact/hooks';
import '../styles/channels.css';
import { changeRole, inviteMember, listTeam, removeMember, ROLES, type MemberRole } from '../models/team.js';
import type { SessionMember } from '../models/session.js';
import { currentMember } from '../models/session.js';
import { pageTitle, BASE_TITLE } from '../models/notifications.js';
import { Loading } from '../components/Loading.js';
import { ConfirmDialog } from '../components/ConfirmDialog.js';
import { CopyButton } from '../components/CopyButton.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { useErrorLine } from '../components/use-error-line.js';

export default function TeamPage() {
  const [list, setList] = useState<SessionMember[] | null>(null);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<MemberRole>('operator');
  const [invited, setInvited] = useState<{ email: string; password: string; link: string; emailed: boolean } | null>(null);
  const [how, setHow] = useState<'link' | 'password'>('link');
  const [removing, setRemoving] = useState<SessionMember | null>(null);
  const { error, showError, guard } = useErrorLine();
  const load = () => listTeam().then(setList, showError);
  const run = (fn: () => Promise<void>) => void guard(fn);
  useEffect(() => {
    pageTitle.value = `Team · ${BASE_TITLE}`;
    void load();
  }, []);
  const v = (e: Event) => (e.target as HTMLInputElement).value;
  return (
    <div class="setup">
      <div class="page-head">
        <h1>Team</h1>
      </div>
      <ErrorAlert text={error} />
      <form
        class="card row-form"
        aria-labelledby="invite-title"
        onSubmit={(e) => {
          e.preventDefault();
          run(async () => {
            const res = await inviteMember({ email: email.trim(), name: name.trim() || undefined, role, ...(how === 'link' ? { invite: 'link' as const } : {}) });
            setInvited({ email: res.member.email, password: res.temporary_password ?? '', link: res.invite_url ?? '', emailed: res.invite_emailed === true });
            setEmail('');
            setName('');
            await load();
          });
        }}
      >
        <h2 id="invite-title" class="wide">
          Invite a member
        </h2>
        <label class="field">
          <span>E-mail of the new member</span>
          <input type="email" required value={email} onInput={(e) => setEmail(v(e))} />
        </label>
        <label class="field">
          <span>Name (optional)</span>
          <input value={name} onInput={(e) => setName(v(e))} />
        </label>
        <div class="field">
          <label for="invite-role">Role</label>
          <select id="invite-role" value={role} onChange={(e) => setRole(v(e) as MemberRole)}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </div>
        <fieldset class="modes wide">
          <legend>How they sign in first</legend>
          <label class="check">
            <input type="radio" name="invite-how" checked={how === 'link'} onChange={() => setHow('link')} /> Single-use invite link
          </label>
          <label class="check">
            <input type="radio" name="invite-how" checked={how === 'password'} onChange={() => setHow('password')} /> Temporary password (changed at first sign-in)
          </label>
        </fieldset>
        <button class="btn btn-primary" type="submit">
          Invite
        </button>
      </form>
      <div role="status">
        {invited?.link && (
          <div class="card secret">
            {invited.emailed ? (
              <p>
                The invite link was e-mailed to {invited.email}. Here it is too, shown only now, should the e-mail not arrive. It works once, for 7 days.
              </p>
            ) : (
              <p>
                This server sends no e-mail (SMTP is not configured), so send {invited.email} this link yourself. It is shown only now, and works once, for 7 days.
              </p>
            )}
            <code class="secret-value" data-testid="invite-link">
              {invited.link}
            </code>{' '}
            <CopyButton text={invited.link} label="Copy invite link" />
          </div>
        )}
        {invited && !invited.link && (
          <div class="card secret">
            <p>
              {invited.email} can sign in with this temporary password, shown only now. They choose their own at first sign-in.
            </p>
            <code class="secret-value" data-testid="temporary-password">
              {invited.password}
            </code>{' '}
            <CopyButton text={invited.password} label="Copy temporary password" />
          </div>
        )}
      </div>
      <section class="card" aria-labelledby="members-title">
        <h2 id="members-title">Members</h2>
        {!list && <Loading />}
        <ul class="plain-list">
          {(list ?? []).map((m) => (
            <li key={m.id} data-member-id={m.id}>
              <strong>{m.name}</strong>
              <span class="muted">
                {m.email}
                {m.must_change_password ? ' · has not signed in yet' : ''}
              </span>
              <label class="field">
                <span class="sr-only">Role of {m.name}</span>
                <select value={m.role} disabled={m.id === currentMember.value?.id} onChange={(e) => run(async () => (await changeRole(m.id, v(e) as MemberRole), void (await load())))}>
                  {ROLES.map((r) => (
                    <option key={r} value={r}>
                      {r}
                    </option>
                  ))}
                </select>
              </label>
              {m.id !== currentMember.value?.id && (
                <button type="button" class="btn btn-quiet" aria-label={`Remove ${m.name}`} onClick={() => setRemoving(m)}>
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
      </section>
      <ConfirmDialog
        open={!!removing}
        title={`Remove ${removing?.name ?? 'member'}?`}
        confirmLabel="Remove member"
        danger
        onConfirm={() => {
          const m = removing!;
          setRemoving(null);
          run(async () => (await removeMember(m.id), void (await load())));
        }}
        onCancel={() => setRemoving(null)}
      >
        <p>They are signed out at once and lose access to every project.</p>
      </ConfirmDialog>
    </div>
  );
}
