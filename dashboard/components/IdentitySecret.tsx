// Rotating the channel's identity secret (spec 2.4, docs/identity.md): the new secret is shown once,
// with a copy button; signatures made with the old one stop working, so the page says so first.
import { useState } from 'preact/hooks';
import { rotateSecret, type ChannelOut } from '../models/channels.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { CopyButton } from './CopyButton.js';
import { ErrorAlert } from './ErrorAlert.js';
import { useErrorLine } from './use-error-line.js';

export function IdentitySecret({ channel, onRotated }: { channel: ChannelOut; onRotated(): void }) {
  const [asking, setAsking] = useState(false);
  const [secret, setSecret] = useState('');
  const { error, guard } = useErrorLine();
  async function rotate() {
    setAsking(false);
    await guard(async () => {
      setSecret(await rotateSecret(channel.project_id, channel.id));
      onRotated();
    });
  }
  return (
    <section class="card" aria-labelledby="secret-title">
      <h2 id="secret-title">Verified visitors</h2>
      <p class="muted">
        Your backend signs a signed-in visitor's e-mail, phone or id with this secret (docs/identity.md).{' '}
        {channel.has_identity_secret ? 'A secret exists; it is not shown again.' : 'No secret yet.'}
      </p>
      <button type="button" class="btn" onClick={() => (channel.has_identity_secret ? setAsking(true) : void rotate())}>
        {channel.has_identity_secret ? 'Rotate identity secret' : 'Create identity secret'}
      </button>
      {secret && (
        <div class="secret" role="status">
          <p>Copy it now: it is shown only once.</p>
          <code class="secret-value">{secret}</code> <CopyButton text={secret} label="Copy secret" />
        </div>
      )}
      <ErrorAlert text={error} />
      <ConfirmDialog open={asking} title="Rotate the identity secret?" confirmLabel="Rotate" danger onConfirm={() => void rotate()} onCancel={() => setAsking(false)}>
        <p>Signatures made with the current secret stop working at once: update your backend right after.</p>
      </ConfirmDialog>
    </section>
  );
}
