// The allowed origins of a channel (spec 8.2) and the check "would my page at URL be allowed?".
// Adding or removing an entry saves at once; the server normalises entries and explains a bad one,
// right under the field it is about (it showed below the page-check field, off-screen), with
// the field focused and described by it. The check and the list have error lines of their own.
import { useEffect, useRef, useState } from 'preact/hooks';
import { checkOrigin, saveChannel, type ChannelOut, type OriginCheckOut } from '../models/channels.js';
import { ErrorAlert } from './ErrorAlert.js';
import { useErrorLine } from './use-error-line.js';
import { fieldErrorProps } from './FormField.js';

export function OriginList({ channel, onSaved }: { channel: ChannelOut; onSaved: (c: ChannelOut) => void }) {
  const [entry, setEntry] = useState('');
  const { error, guard } = useErrorLine();
  const adding = useErrorLine();
  const checking = useErrorLine();
  const entryInput = useRef<HTMLInputElement>(null);
  const entryError = useRef<HTMLParagraphElement>(null);
  // A refused entry: its field gets the focus and the explanation is scrolled into view with it.
  useEffect(() => {
    if (!adding.error) return;
    entryInput.current?.focus();
    entryError.current?.scrollIntoView({ block: 'nearest' });
  }, [adding.error]);
  const [url, setUrl] = useState('');
  const [result, setResult] = useState<OriginCheckOut | null>(null);

  async function save(origins: string[], line = { guard }) {
    const saved = await line.guard(() => saveChannel(channel.project_id, channel.id, { allowed_origins: origins }));
    if (saved) onSaved(saved);
    return Boolean(saved);
  }

  // The URL last checked: its answer is redone whenever the list changes, so an answer on screen
  // never describes a list that is no longer saved (an origin added or removed after the check).
  const checked = useRef('');
  async function runCheck(target: string) {
    checked.current = target;
    const answer = await checking.guard(() => checkOrigin(channel.project_id, channel.id, target));
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
          if (await save([...channel.allowed_origins, entry.trim()], adding)) setEntry('');
        }}
      >
        <div class="field">
          <label for="origin-entry">Origin to allow</label>
          <input
            id="origin-entry"
            ref={entryInput}
            value={entry}
            placeholder="https://shop.example.com"
            onInput={(e) => setEntry((e.target as HTMLInputElement).value)}
            required
            {...fieldErrorProps('origin-entry', adding.error)}
          />
          {adding.error && (
            <p id="origin-entry-error" ref={entryError} class="error field-error" role="alert">
              {adding.error}
            </p>
          )}
        </div>
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
      <ErrorAlert text={checking.error} />
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
