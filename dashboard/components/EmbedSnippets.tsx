// The embed snippet of each mode (spec 2.10) with a copy button, and the Content-Security-Policy a
// site with its own policy adds for its pages (the text of csp.md, from the server). The snippet is
// the stable loader without SRI, so an upgrade never breaks it (csp.md "Pinning a version").
import { useEffect, useState } from 'preact/hooks';
import { loadSnippets, type ChannelOut, type ChannelSnippetsOut } from '../models/channels.js';
import { CopyButton } from './CopyButton.js';
import { ErrorAlert } from './ErrorAlert.js';
import { useErrorLine } from './use-error-line.js';

const MODES = [
  ['launcher', 'Launcher', 'A chat button in the corner of every page.'],
  ['inline', 'Inline', 'Inside an element of your page: add <div id="parley-chat"></div> where it goes.'],
  ['iframe', 'Iframe', 'A frame on the chat server; nothing runs on your page.'],
] as const;

export function EmbedSnippets({ channel }: { channel: ChannelOut }) {
  const [snippets, setSnippets] = useState<ChannelSnippetsOut | null>(null);
  const [mode, setMode] = useState<(typeof MODES)[number][0]>('launcher');
  const { error, showError } = useErrorLine();
  useEffect(() => {
    loadSnippets(channel.project_id, channel.id).then(setSnippets, showError);
  }, [channel.id]);
  const current = snippets?.modes[mode];
  return (
    <section class="card" aria-labelledby="embed-title">
      <h2 id="embed-title">Put it on your site</h2>
      <fieldset class="modes">
        <legend>Mode</legend>
        {MODES.map(([m, label, hint]) => (
          <label key={m} class="check">
            <input type="radio" name="embed-mode" checked={mode === m} onChange={() => setMode(m)} /> {label}
            <span class="muted"> — {hint}</span>
          </label>
        ))}
      </fieldset>
      <ErrorAlert text={error} />
      {current && (
        <>
          <label class="field">
            <span>Embed snippet ({mode})</span>
            <textarea class="code" readOnly rows={4} value={current.html} />
          </label>
          <CopyButton text={current.html} label="Copy snippet" />
          {mode !== 'iframe' && (
            <p class="muted">
              It loads the stable <code>loader.js</code>, so upgrades of Parley reach your pages without editing them; to pin one release
              with an SRI hash, see "Pinning a version" in csp.md.
            </p>
          )}
          <label class="field">
            <span>Content-Security-Policy for your pages (only if your site sets one)</span>
            <textarea class="code" readOnly rows={5} value={current.csp} />
          </label>
          <CopyButton text={current.csp} label="Copy CSP" />
          <p class="muted">
            <code>{'{NONCE}'}</code> is your page's per-response nonce on the loader tag; csp.md explains each directive.
          </p>
        </>
      )}
    </section>
  );
}
