// The delivery log of one endpoint: newest first, each with its outcome, attempts, next attempt and
// the exact body sent; Replay sends one again with the same webhook-id.
import { useEffect, useState } from 'preact/hooks';
import { listDeliveries, outcome, replayDelivery, type WebhookDelivery, type WebhookEndpoint } from '../models/webhooks.js';
import { ErrorAlert } from './ErrorAlert.js';
import { useErrorLine } from './use-error-line.js';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '');

export function WebhookDeliveries({ endpoint, refresh }: { endpoint: WebhookEndpoint; refresh: number }) {
  const [list, setList] = useState<WebhookDelivery[] | null>(null);
  const { error, showError, guard } = useErrorLine();
  const load = () => listDeliveries(endpoint.project_id, endpoint.id).then(setList, showError);
  useEffect(() => void load(), [endpoint.id, refresh]);

  const replay = (d: WebhookDelivery) =>
    guard(async () => {
      await replayDelivery(endpoint.project_id, endpoint.id, d.id);
      await load();
    });

  return (
    <div class="webhook-log">
      <div class="key-head">
        <span class="muted">Newest first; the last 20.</span>
        <button type="button" class="btn btn-quiet" onClick={() => void load()}>
          Refresh log
        </button>
      </div>
      <ErrorAlert text={error} />
      {list && !list.length && <p class="muted">Nothing sent yet.</p>}
      <ul class="plain-list">
        {(list ?? []).map((d) => (
          <li key={d.id} class="webhook-delivery">
            <div class="key-head">
              <code>{d.event_type}</code>
              <span class={`chip chip-${d.status}`}>{d.status}</span>
              <span class="muted">
                {outcome(d)} · {d.attempts.length} {d.attempts.length === 1 ? 'attempt' : 'attempts'}
                {d.next_attempt_at ? ` · next ${when(d.next_attempt_at)}` : ''} · {when(d.created_at)}
              </span>
              <button type="button" class="btn" aria-label={`Replay ${d.event_type} of ${when(d.created_at)}`} onClick={() => void replay(d)}>
                Replay
              </button>
            </div>
            <details>
              <summary>Request body</summary>
              <pre class="webhook-body">{d.body}</pre>
            </details>
          </li>
        ))}
      </ul>
    </div>
  );
}
