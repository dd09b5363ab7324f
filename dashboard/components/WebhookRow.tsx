// One webhook endpoint: enabled or disabled (and why), its event filter, a new secret by rotation
// (shown once, with copy), a test event, and its delivery log with replay. Deleting asks first (page).
import { useState } from 'preact/hooks';
import { rotateSecret, sendTestEvent, updateWebhook, type WebhookEndpoint } from '../models/webhooks.js';
import { EventTypeBoxes } from './EventTypeBoxes.js';
import { WebhookDeliveries } from './WebhookDeliveries.js';
import { CopyButton } from './CopyButton.js';
import { ErrorAlert } from './ErrorAlert.js';
import { useErrorLine } from './use-error-line.js';

interface Props {
  item: WebhookEndpoint;
  onChanged(e: WebhookEndpoint): void;
  onDelete(e: WebhookEndpoint): void;
}

export function WebhookRow({ item, onChanged, onDelete }: Props) {
  const [types, setTypes] = useState<string[]>(item.event_types);
  const [reason, setReason] = useState('');
  const [secret, setSecret] = useState('');
  const [message, setMessage] = useState('');
  const [refresh, setRefresh] = useState(0);
  const { error, guard } = useErrorLine();
  const name = item.description || item.url;
  const run = (fn: () => Promise<string>) =>
    guard(async () => {
      setMessage('');
      setMessage(await fn());
    });
  const save = (patch: Parameters<typeof updateWebhook>[2], done: string) =>
    run(async () => {
      onChanged(await updateWebhook(item.project_id, item.id, patch));
      return done;
    });

  return (
    <li class="key-row webhook-row">
      <div class="key-head">
        <strong class="webhook-url">{item.url}</strong>
        <span class={`chip ${item.enabled ? 'chip-delivered' : 'chip-failed'}`}>{item.enabled ? 'enabled' : 'disabled'}</span>
        <span class="muted">
          {item.description ? `${item.description}.` : ''}
          {!item.enabled && item.disabled_reason ? ` Disabled: ${item.disabled_reason}.` : ''}
          {item.failing_since ? ` Failing since ${new Date(item.failing_since).toLocaleString()}.` : ''}
          {` Events: ${item.event_types.length ? item.event_types.join(', ') : 'all'}.`}
        </span>
      </div>
      <div class="row-actions">
        {item.enabled ? (
          <form class="row-form" onSubmit={(e) => (e.preventDefault(), void save({ enabled: false, disabled_reason: reason.trim() || null }, 'Disabled: nothing is sent until you enable it.'))}>
            <label class="field">
              <span>Reason for disabling (optional, for {name})</span>
              <input maxLength={200} value={reason} onInput={(e) => setReason((e.target as HTMLInputElement).value)} />
            </label>
            <button class="btn" type="submit">
              Disable
            </button>
          </form>
        ) : (
          <button type="button" class="btn btn-primary" onClick={() => void save({ enabled: true }, 'Enabled: new events are sent again.')}>
            Enable
          </button>
        )}
        <button type="button" class="btn" onClick={() => void run(async () => (await sendTestEvent(item.project_id, item.id), setRefresh((n) => n + 1), 'Test event queued: see the delivery log.'))}>
          Send test event
        </button>
        <button type="button" class="btn" onClick={() => void run(async () => (setSecret((await rotateSecret(item.project_id, item.id)).secret), 'New secret made: the old one also signs for 24 hours.'))}>
          Rotate secret
        </button>
        <button type="button" class="btn btn-quiet" aria-label={`Delete ${name}`} onClick={() => onDelete(item)}>
          Delete
        </button>
      </div>
      {secret && (
        <p class="secret">
          <code class="secret-value" data-testid="rotated-secret">
            {secret}
          </code>{' '}
          <CopyButton text={secret} label="Copy new secret" />
        </p>
      )}
      <p role="status" class="ok">
        {message}
      </p>
      <ErrorAlert text={error} />
      <details>
        <summary>Events ({item.event_types.length || 'all'})</summary>
        <form onSubmit={(e) => (e.preventDefault(), void save({ event_types: types as WebhookEndpoint['event_types'] }, 'Events saved.'))}>
          <EventTypeBoxes legend={`Events sent to ${name}`} value={types} onChange={setTypes} />
          <button class="btn btn-primary" type="submit">
            Save events
          </button>
        </form>
      </details>
      <details onToggle={(e) => (e.target as HTMLDetailsElement).open && setRefresh((n) => n + 1)}>
        <summary>Delivery log</summary>
        {refresh > 0 && <WebhookDeliveries endpoint={item} refresh={refresh} />}
      </details>
    </li>
  );
}
