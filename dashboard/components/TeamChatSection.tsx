// Team chat on the Channels page (docs/channels.md): the connected Slack channels and the form that
// connects one. Slack checks the token before anything is saved; a refusal shows what Slack said.
import { useEffect, useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { SLACK_FIELDS } from '../../shared/channel-types.js';
import { connectPlatformChannel, listPlatformChannels, platformChannelPath, type PlatformChannelOut } from '../models/platform-channels.js';
import { Loading } from './Loading.js';
import { ErrorAlert } from './ErrorAlert.js';
import { useErrorLine } from './use-error-line.js';
import { ConnectFields } from './ConnectFields.js';

export function TeamChatSection({ project }: { project: string }) {
  const { route } = useLocation();
  const [list, setList] = useState<PlatformChannelOut[] | null>(null);
  const [name, setName] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const { error, showError, guard } = useErrorLine();
  useEffect(() => {
    listPlatformChannels(project).then(setList, showError);
  }, [project]);

  async function connect(e: Event) {
    e.preventDefault();
    setBusy(true);
    const clean = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()]).filter(([, v]) => v));
    const c = await guard(() => connectPlatformChannel(project, { type: 'slack', name: name.trim(), values: clean }));
    setBusy(false);
    if (c) route(platformChannelPath(project, c));
  }

  return (
    <section class="card" aria-labelledby="team-chat-title">
      <h2 id="team-chat-title">Team chat</h2>
      {!list && <Loading />}
      {list && !list.length && <p class="muted">No team chat connected yet.</p>}
      <ul class="channel-list">
        {(list ?? []).map((c) => (
          <li key={c.id}>
            <a href={platformChannelPath(project, c)}>{c.name}</a>
            <span class="muted">
              Slack{c.identity.team ? ` · ${c.identity.team}` : ''} · bot token {c.values.bot_token}
            </span>
          </li>
        ))}
      </ul>
      <form class="form-cols connect-form" onSubmit={connect} aria-labelledby="connect-slack-title">
        <h3 id="connect-slack-title" class="wide">
          Connect Slack
        </h3>
        <p class="wide muted">Create a Slack app with the scopes app_mentions:read, im:history and chat:write, install it, then enter its credentials (docs/channels.md has the manifest).</p>
        <div class="field">
          <label for="slack-name">Connection name</label>
          <input id="slack-name" required maxLength={120} value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
        </div>
        <ConnectFields fields={SLACK_FIELDS} values={values} onChange={setValues} idPrefix="slack-new" />
        <div class="form-actions wide">
          <button class="btn btn-primary" type="submit" disabled={busy}>
            {busy ? 'Checking with Slack…' : 'Connect Slack'}
          </button>
        </div>
        <div class="wide">
          <ErrorAlert text={error} />
        </div>
      </form>
    </section>
  );
}
