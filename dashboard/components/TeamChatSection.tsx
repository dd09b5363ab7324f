// Team chat on the Channels page (docs/channels.md): the connected team-chat channels and, for each
// platform the console connects (Slack, Mattermost), the form that connects one. The platform checks
// the token before anything is saved; a refusal shows what it said.
import { useEffect, useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { connectPlatformChannel, listPlatformChannels, platformChannelPath, type PlatformChannelOut } from '../models/platform-channels.js';
import { connectable, copyOf, platformInfo } from '../models/platform-copy.js';
import type { ChannelTypeInfo, ConnectFieldInfo } from '../../shared/channel-types.js';
import { Loading } from './Loading.js';
import { ErrorAlert } from './ErrorAlert.js';
import { useErrorLine } from './use-error-line.js';
import { ConnectFields } from './ConnectFields.js';

function ConnectForm({ project, platform }: { project: string; platform: ChannelTypeInfo & { fields: ConnectFieldInfo[] } }) {
  const { route } = useLocation();
  const [name, setName] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const { error, guard } = useErrorLine();
  const { type, label } = platform;

  async function connect(e: Event) {
    e.preventDefault();
    setBusy(true);
    const clean = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()]).filter(([, v]) => v));
    const c = await guard(() => connectPlatformChannel(project, { type: type as PlatformChannelOut['type'], name: name.trim(), values: clean }));
    setBusy(false);
    if (c) route(platformChannelPath(project, c));
  }

  return (
    <form class="form-cols connect-form" onSubmit={connect} aria-labelledby={`connect-${type}-title`}>
      <h3 id={`connect-${type}-title`} class="wide">
        Connect {label}
      </h3>
      <p class="wide muted">{copyOf(type).connectHint}</p>
      <div class="field">
        <label for={`${type}-name`}>Connection name</label>
        <input id={`${type}-name`} required maxLength={120} value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
      </div>
      <ConnectFields fields={platform.fields} values={values} onChange={setValues} idPrefix={`${type}-new`} />
      <div class="form-actions wide">
        <button class="btn btn-primary" type="submit" disabled={busy}>
          {busy ? `Checking with ${label}…` : `Connect ${label}`}
        </button>
      </div>
      <div class="wide">
        <ErrorAlert text={error} />
      </div>
    </form>
  );
}

/** One section per group of kinds: team chat (the default), and ticketing with CRM cases. */
export function TeamChatSection({ project, kinds = ['team_chat'], title = 'Team chat', empty = 'No team chat connected yet.' }: { project: string; kinds?: ChannelTypeInfo['kind'][]; title?: string; empty?: string }) {
  const [list, setList] = useState<PlatformChannelOut[] | null>(null);
  const { error, showError } = useErrorLine();
  useEffect(() => {
    listPlatformChannels(project).then(setList, showError);
  }, [project]);
  const teamChat = connectable(kinds);
  const id = `${kinds[0]}-title`;
  const shown = (list ?? []).filter((c) => teamChat.some((t) => t.type === c.type));

  return (
    <section class="card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ErrorAlert text={error} />
      {!list && <Loading />}
      {list && !shown.length && <p class="muted">{empty}</p>}
      <ul class="channel-list">
        {shown.map((c) => (
          <li key={c.id}>
            <a href={platformChannelPath(project, c)}>{c.name}</a>
            <span class="muted">
              {platformInfo(c.type).label}
              {c.identity.team ? ` · ${c.identity.team}` : ''}
              {c.values.bot_token ? ` · bot token ${c.values.bot_token}` : c.identity.subdomain || c.identity.host ? ` · ${c.identity.subdomain ?? c.identity.host}` : ''}
            </span>
          </li>
        ))}
      </ul>
      {teamChat.map((p) => (
        <ConnectForm key={p.type} project={project} platform={p} />
      ))}
    </section>
  );
}
