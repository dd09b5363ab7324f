// One platform channel (docs/channels.md): the events URL to give the platform, the credentials (secrets
// masked; a secret left empty keeps the stored one), a test message through the platform's API with
// what it answered, the last inbound events with their outcome, and removal.
import { useEffect, useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import '../styles/channels.css';
import { copyOf, platformInfo } from '../models/platform-copy.js';
import {
  deletePlatformChannel, EVENT_STATUS, getPlatformChannel, listInboundEvents, sendTest, updatePlatformChannel,
  type InboundEventOut, type PlatformChannelOut, type TestSendOut,
} from '../models/platform-channels.js';
import { channelsPath } from '../models/channels.js';
import { conversationPath } from '../paths.js';
import { pageTitle, BASE_TITLE } from '../models/notifications.js';
import { Loading } from '../components/Loading.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { useErrorLine } from '../components/use-error-line.js';
import { ConnectFields } from '../components/ConnectFields.js';
import { CopyButton } from '../components/CopyButton.js';
import { ConfirmDialog } from '../components/ConfirmDialog.js';

export default function PlatformChannelPage({ project, channel }: { project: string; channel: string }) {
  const { route } = useLocation();
  const [c, setC] = useState<PlatformChannelOut | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState('');
  const [target, setTarget] = useState('');
  const [test, setTest] = useState<TestSendOut | null>(null);
  const [events, setEvents] = useState<InboundEventOut[] | null>(null);
  const [deleting, setDeleting] = useState(false);
  const { error, showError, guard } = useErrorLine();
  const loadEvents = () => listInboundEvents(project, channel).then(setEvents, showError);
  useEffect(() => {
    getPlatformChannel(project, channel).then((x) => {
      setC(x);
      pageTitle.value = `${x.name} · Channels · ${BASE_TITLE}`;
    }, showError);
    void loadEvents();
  }, [project, channel]);

  async function save(e: Event) {
    e.preventDefault();
    setSaved('');
    // Only what was typed: an empty secret keeps the stored one, an emptied setting clears it.
    const typed = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()]));
    const updated = await guard(() => updatePlatformChannel(project, channel, { values: typed }));
    if (updated) {
      setC(updated);
      setValues({});
      setSaved(`Saved; ${platformInfo(c!.type).label} accepted the credentials.`);
    }
  }

  async function runTest(e: Event) {
    e.preventDefault();
    setTest(null);
    const result = await guard(() => sendTest(project, channel, target.trim()));
    if (result) setTest(result);
  }

  async function remove() {
    setDeleting(false);
    if (await guard(() => deletePlatformChannel(project, channel).then(() => true))) route(channelsPath(project));
  }

  if (!c) return <div class="channels">{error ? <ErrorAlert text={error} /> : <Loading />}</div>;
  const { label, fields } = platformInfo(c.type);
  const copy = copyOf(c.type);
  return (
    <div class="channels">
      <div class="page-head">
        <h1>{c.name}</h1>
        <a href={channelsPath(project)}>All channels</a>
      </div>
      <ErrorAlert text={error} />
      <section class="card" aria-labelledby="events-url-title">
        <h2 id="events-url-title">Events URL</h2>
        <p class="muted">{copy.eventsHint}</p>
        <code class="secret-value" data-testid="events-url">{c.events_url}</code>
        <CopyButton text={c.events_url} label="Copy events URL" />
        <p class="muted">
          {copy.identity(c.identity)} · follows {c.alias ? `alias ${c.alias}` : 'the draft'}
        </p>
      </section>
      <form class="card form-cols" onSubmit={save} aria-labelledby="credentials-title">
        <h2 id="credentials-title" class="wide">Credentials</h2>
        <ConnectFields fields={fields} values={values} masked={c.values} onChange={setValues} idPrefix={`${c.type}-edit`} />
        <div class="form-actions wide">
          <button class="btn btn-primary" type="submit">Save credentials</button>
          <span role="status" class="ok">{saved}</span>
        </div>
      </form>
      <form class="card row-form" onSubmit={runTest} aria-labelledby="test-title">
        <h2 id="test-title" class="wide">Send a test message</h2>
        <label class="field">
          <span>{copy.testLabel}</span>
          <input required maxLength={200} placeholder={copy.testPlaceholder} value={target} onInput={(e) => setTarget((e.target as HTMLInputElement).value)} />
        </label>
        <button class="btn" type="submit">Send test</button>
        <p role="status" class="wide" data-testid="test-result">
          {test && (test.ok ? <span class="ok">Posted: {label} accepted the message.</span> : <span class="error">{label} refused: {test.error}</span>)}
        </p>
      </form>
      <section class="card" aria-labelledby="inbound-title">
        <h2 id="inbound-title">Last inbound events</h2>
        <button type="button" class="btn btn-quiet" onClick={() => void loadEvents()}>Refresh events</button>
        {!events && <Loading />}
        {events && !events.length && <p class="muted">Nothing received yet.</p>}
        <ul class="plain-list inbound-events">
          {(events ?? []).map((e) => (
            <li key={e.id}>
              <strong>{EVENT_STATUS[e.status]}</strong>
              <span class="muted">
                {new Date(e.received_at).toLocaleString()} · {e.platform_event_id} · {e.outcome}
                {e.deliveries > 1 ? ` · delivered ${e.deliveries} times, answered once` : ''}
              </span>
              {e.conversation_id && <a href={conversationPath(project, e.conversation_id)}>Open conversation</a>}
            </li>
          ))}
        </ul>
      </section>
      <button type="button" class="btn btn-quiet" onClick={() => setDeleting(true)}>Remove {c.name}</button>
      <ConfirmDialog open={deleting} title={`Remove ${c.name}?`} confirmLabel="Remove channel" danger onConfirm={() => void remove()} onCancel={() => setDeleting(false)}>
        <p>{label}'s events stop being answered. Its conversations stay.</p>
      </ConfirmDialog>
    </div>
  );
}
