// The project's webhook endpoints (docs/api.md "Webhooks"): add one (its signing secret shown once,
// with copy), the event filter, enable and disable with a reason, rotate the secret, send a test
// event, and each endpoint's delivery log with replay. Needs webhook:read; changes webhook:write.
import { useEffect, useState } from 'preact/hooks';
import '../styles/channels.css';
import '../styles/webhooks.css';
import { createWebhook, deleteWebhook, listWebhooks, type WebhookEndpoint } from '../models/webhooks.js';
import { pageTitle, BASE_TITLE } from '../models/notifications.js';
import { Loading } from '../components/Loading.js';
import { ConfirmDialog } from '../components/ConfirmDialog.js';
import { SecretOnce } from '../components/SecretOnce.js';
import { EventTypeBoxes } from '../components/EventTypeBoxes.js';
import { WebhookRow } from '../components/WebhookRow.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { useErrorLine } from '../components/use-error-line.js';
import { ReasonButton } from '../components/ReasonButton.js';

export default function WebhooksPage({ project }: { project: string }) {
  const [list, setList] = useState<WebhookEndpoint[] | null>(null);
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [types, setTypes] = useState<string[]>([]);
  const [created, setCreated] = useState<{ url: string; secret: string } | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const { error, showError, guard } = useErrorLine();
  const load = () => listWebhooks(project).then(setList, showError);
  useEffect(() => {
    pageTitle.value = `Webhooks · ${BASE_TITLE}`;
    void load();
  }, [project]);

  async function create(e: Event) {
    e.preventDefault();
    await guard(async () => {
      const res = await createWebhook(project, { url: url.trim(), description: description.trim(), event_types: types });
      setCreated({ url: res.url, secret: res.secret });
      setUrl('');
      setDescription('');
      setTypes([]);
      await load();
    });
  }

  async function remove(w: WebhookEndpoint) {
    setDeleting(null);
    await guard(async () => {
      await deleteWebhook(project, w.id);
      await load();
    });
  }

  return (
    <div class="setup">
      <div class="page-head">
        <h1>Webhooks</h1>
      </div>
      <p class="muted">
        Parley posts this project's events to your endpoints, signed as the Standard Webhooks specification describes: verify each request with the endpoint's secret. Failed deliveries are
        retried for about a day.
      </p>
      <ErrorAlert text={error} />
      <form class="card" onSubmit={create} aria-labelledby="new-webhook-title">
        <h2 id="new-webhook-title">New endpoint</h2>
        <label class="field">
          <span>Endpoint URL</span>
          <input type="url" required maxLength={2048} placeholder="https://example.com/parley-events" value={url} onInput={(e) => setUrl((e.target as HTMLInputElement).value)} />
        </label>
        <label class="field">
          <span>Description</span>
          <input maxLength={500} value={description} onInput={(e) => setDescription((e.target as HTMLInputElement).value)} />
        </label>
        <EventTypeBoxes legend="Events to send" value={types} onChange={setTypes} />
        <ReasonButton class="btn btn-primary" type="submit" reason={!url.trim() && 'Enter the endpoint URL first.'}>
          Add endpoint
        </ReasonButton>
      </form>
      <div role="status">
        {created && (
          <SecretOnce value={created.secret} copyLabel="Copy secret" testId="new-secret">
            Endpoint <strong class="webhook-url">{created.url}</strong> added. Copy its signing secret now: it is shown only this once.
          </SecretOnce>
        )}
      </div>
      <section class="card" aria-labelledby="webhook-list-title">
        <h2 id="webhook-list-title">Endpoints of this project</h2>
        {!list && <Loading />}
        {list && !list.length && <p class="muted">No endpoints yet.</p>}
        <ul class="plain-list">
          {(list ?? []).map((w) => (
            <WebhookRow key={w.id} item={w} onChanged={(u) => setList((l) => l && l.map((x) => (x.id === u.id ? u : x)))} onDelete={setDeleting} />
          ))}
        </ul>
      </section>
      <ConfirmDialog
        open={!!deleting}
        title={`Delete the endpoint ${deleting?.description || deleting?.url || ''}?`}
        confirmLabel="Delete endpoint"
        danger
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      >
        <p>Nothing more is sent to it, and deliveries not sent yet are dropped. This cannot be undone.</p>
      </ConfirmDialog>
    </div>
  );
}
