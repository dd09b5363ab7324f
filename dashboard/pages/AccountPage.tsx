// The signed-in member's account: change the password, sign out everywhere (every session of
// theirs ends, on every device).
import { useEffect, useState } from 'preact/hooks';
import '../styles/channels.css';
import { currentMember } from '../models/session.js';
import { signOutEverywhere } from '../models/team.js';
import { pageTitle, BASE_TITLE } from '../models/notifications.js';
import { ChangePasswordForm } from '../components/ChangePasswordForm.js';
import { ConfirmDialog } from '../components/ConfirmDialog.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { useErrorLine } from '../components/use-error-line.js';

export default function AccountPage() {
  const me = currentMember.value;
  const [asking, setAsking] = useState(false);
  const { error, showError } = useErrorLine();
  useEffect(() => {
    pageTitle.value = `Account · ${BASE_TITLE}`;
  }, []);
  return (
    <div class="setup">
      <div class="page-head">
        <h1>Account</h1>
      </div>
      {me && (
        <p class="muted">
          Signed in as {me.name} ({me.email}), {me.role}.
        </p>
      )}
      <ChangePasswordForm />
      <section class="card" aria-labelledby="everywhere-title">
        <h2 id="everywhere-title">Sessions</h2>
        <p class="muted">Lost a device? End every session of yours, this one included.</p>
        <button type="button" class="btn btn-danger" onClick={() => setAsking(true)}>
          Sign out everywhere
        </button>
        <ErrorAlert text={error} />
      </section>
      <ConfirmDialog
        open={asking}
        title="Sign out everywhere?"
        confirmLabel="Sign out everywhere"
        danger
        onConfirm={() => {
          setAsking(false);
          signOutEverywhere().catch(showError);
        }}
        onCancel={() => setAsking(false)}
      >
        <p>Every browser signed in as you, this one too, must sign in again.</p>
      </ConfirmDialog>
    </div>
  );
}
