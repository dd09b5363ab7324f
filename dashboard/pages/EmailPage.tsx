// E-mail for the whole organization (docs/operators.md "E-mail"), for admins: whether this server
// sends e-mail (SMTP_URL), a test message to oneself, and the outbox with what happened to each
// message, so a delivery failure is visible here rather than silent.
import { useEffect, useState } from 'preact/hooks';
import '../styles/channels.css';
import '../styles/email.css';
import { KIND_LABELS, loadMailStatus, sendTestMail, type MailStatusOut } from '../models/mail.js';
import { currentMember } from '../models/session.js';
import { pageTitle, BASE_TITLE } from '../models/notifications.js';
import { fullTime } from '../components/format.js';
import { Loading } from '../components/Loading.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { useErrorLine } from '../components/use-error-line.js';

export default function EmailPage() {
  const [status, setStatus] = useState<MailStatusOut | null>(null);
  const [notice, setNotice] = useState('');
  const { error, showError, guard } = useErrorLine();
  const admin = currentMember.value?.role === 'admin' || currentMember.value?.role === 'owner';
  const load = () => loadMailStatus().then(setStatus, showError);
  useEffect(() => {
    pageTitle.value = `E-mail · ${BASE_TITLE}`;
    if (admin) void load();
  }, [admin]);

  if (!admin) {
    return (
      <div class="setup">
        <h1>E-mail</h1>
        <p class="muted">Only admins and owners see the organization's e-mail.</p>
      </div>
    );
  }
  return (
    <div class="setup">
      <div class="page-head">
        <h1>E-mail</h1>
        <button type="button" class="btn" onClick={() => void load()}>
          Refresh
        </button>
      </div>
      <ErrorAlert text={error} />
      {!status && <Loading />}
      {status && (
        <section class="card" aria-labelledby="smtp-title">
          <h2 id="smtp-title">Sending</h2>
          {status.configured ? (
            <>
              <p>
                E-mail is sent from <strong>{status.from}</strong>: invite links, password resets, and the team's replies to visitors who left an address while nobody was
                online.
              </p>
              <button
                type="button"
                class="btn"
                onClick={() =>
                  void guard(async () => {
                    const m = await sendTestMail();
                    setNotice(`A test e-mail to ${m.to} is queued; its delivery shows below.`);
                    await load();
                  })
                }
              >
                Send a test e-mail to me
              </button>
              <p role="status">{notice}</p>
            </>
          ) : (
            <p data-testid="smtp-off">
              This server sends no e-mail: SMTP_URL and MAIL_FROM are not set. Invite links must be handed over by hand, nobody can reset a forgotten password by e-mail,
              and visitors who leave an address get no replies by e-mail. The server's operator sets them (docs/operators.md, "E-mail").
            </p>
          )}
        </section>
      )}
      {status?.configured && (
        <section class="card" aria-labelledby="outbox-title">
          <h2 id="outbox-title">Outbox</h2>
          {status.messages.length === 0 ? (
            <p class="muted">Nothing was sent yet.</p>
          ) : (
            <div class="outbox-scroll" tabIndex={0} aria-labelledby="outbox-title">
              <table class="outbox">
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Kind</th>
                    <th scope="col">To</th>
                    <th scope="col">Status</th>
                    <th scope="col">Attempts</th>
                    <th scope="col">Last error</th>
                  </tr>
                </thead>
                <tbody>
                  {status.messages.map((m) => (
                    <tr key={m.id} data-status={m.status}>
                      <td>{fullTime(m.created_at)}</td>
                      <td>{KIND_LABELS[m.kind] ?? m.kind}</td>
                      <td>{m.to}</td>
                      <td class={`status-${m.status}`}>{m.status === 'sent' ? 'Sent' : m.status === 'failed' ? 'Failed' : 'Waiting to send'}</td>
                      <td>{m.attempts}</td>
                      <td class="error-cell">{m.last_error ?? ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      )}
    </div>
  );
}
