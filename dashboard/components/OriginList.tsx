// The allowed origins of a channel (spec 8.2) and the check "would my page at URL be allowed?".
// Adding or removing an entry saves at once; the server normalises entries and explains a bad one.
import { useEffect, useRef, useState } from 'preact/hooks';
import { checkOrigin, saveChannel, type ChannelOut, type OriginCheckOut } from '../models/channels.js';
import { ErrorAlert } from './ErrorAlert.js';
import { useErrorLine } from './use-error-line.js';

export function OriginList({ channel, onSaved }: { channel: ChannelOut; onSaved: (c: ChannelOut) => void }) {
  const [entry, setEntry] = useState('');
  const { error, guard } = useErrorLine();
  const [url, setUrl] = useState('');
  const [result, setResult] = useState<OriginCheckOut | null>(null);

  async function save(origins: string[]) {
    const saved = await guard(() => saveChannel(channel.project_id, channel.id, { allowed_origins: origins }));
    if (saved) onSaved(saved);
    return Boolean(saved);
  }

  // The URL last checked: its answer is redone whenever the list changes, so an answer on screen
  // never describes a list that is no longer saved (an origin added or removed after the check).
  const checked = useRef('');
  async function runCheck(target: string) {
    checked.current = target;
    const answer = await guard(() => checkOrigin(channel.project_id, channel.id, target));
    if (checked.current === target) setResult(answer ?? null);
  }
  function check(e: Event) {
    e.preventDefault();
    void runCheck(url.trim());
  }
  const originsKey = channel.allowed_origins.join('\n');
  useEffect(() => {
    if (checked.current) void runCheck(checked.current);
  }, [originsKey]);

  return (
    <section class="card" aria-labelledby="origins-title">
      <h2 id="origins-title">Allowed origins</h2>
      <p class="muted">
        Pages whose origin is listed may open this widget. <code>https://*.example.com</code> covers every subdomain but not
        example.com itself; <code>*</code> allows any page.
      </p>
      <ul class="origin-list">
        {channel.allowed_origins.length === 0 && <li class="muted">None yet: only this server's own pages can show the widget.</li>}
        {channel.allowed_origins.map((o) => (
          <li key={o}>
            <code>{o}</code>
            <button type="button" class="btn btn-quiet" aria-label={`Remove ${o}`} onClick={() => void save(channel.allowed_origins.filter((x) => x !== o))}>
              Remove
            </button>
          </li>
        ))}
      </ul>
      <form
        class="row-form"
        onSubmit={async (e) => {
          e.preventDefault();
          if (await save([...channel.allowed_origins, entry.trim()])) setEntry('');
        }}
      >
        <label class="field">
          <span>Origin to allow</span>
          <input value={entry} placeholder="https://shop.example.com" onInput={(e) => setEntry((e.target as HTMLInputElement).value)} required />
        </label>
        <button class="btn btn-primary" type="submit">
          Add origin
        </button>
      </form>
      <form class="row-form" onSubmit={check}>
        <label class="field">
          <span>Would my page be allowed? Page URL</span>
          <input type="text" inputMode="url" value={url} placeholder="https://shop.example.com/help" onInput={(e) => setUrl((e.target as HTMLInputElement).value)} required />
        </label>
        <button class="btn" type="submit">
          Check
        </button>
      </form>
      <div role="status">
        {result && (
          <p class={result.allowed ? 'ok' : 'error'} data-allowed={String(result.allowed)}>
            {result.allowed ? 'Allowed. ' : 'Not allowed. '}
            {result.reason}
          </p>
        )}
      </div>
      <ErrorAlert text={error} />
    </section>
  );
}
