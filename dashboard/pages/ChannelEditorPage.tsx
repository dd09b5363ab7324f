// One website-widget channel: settings with a live preview, allowed origins and the origin check,
// the identity secret, and the snippet per mode with the CSP (docs/api.md "Widget channels").
import { useEffect, useState } from 'preact/hooks';
import '../styles/channels.css';
import { channelsPath, getChannel, saveChannel, type ChannelOut, type PatchChannelBody } from '../models/channels.js';
import { listAliases, type AliasOut } from '../models/deployments.js';
import { pageTitle, BASE_TITLE } from '../models/notifications.js';
import { Loading } from '../components/Loading.js';
import { ChannelSettingsForm } from '../components/ChannelSettingsForm.js';
import { ChannelPreview } from '../components/ChannelPreview.js';
import { OriginList } from '../components/OriginList.js';
import { IdentitySecret } from '../components/IdentitySecret.js';
import { EmbedSnippets } from '../components/EmbedSnippets.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { useErrorLine } from '../components/use-error-line.js';

const draftOf = (c: ChannelOut): PatchChannelBody => ({
  name: c.name,
  greeting: c.greeting,
  locale: c.locale,
  texts: c.texts,
  theme: c.theme,
  session_ttl_days: c.session_ttl_days,
  require_verified_identity: c.require_verified_identity,
  voice_enabled: c.voice_enabled,
  attachments: c.attachments,
  handoff: c.handoff,
  alias: c.alias,
});

export default function ChannelEditorPage({ project, channel: channelId }: { project: string; channel: string }) {
  const [channel, setChannel] = useState<ChannelOut | null>(null);
  const [draft, setDraft] = useState<PatchChannelBody>({});
  const [language, setLanguage] = useState('');
  const [status, setStatus] = useState('');
  const [aliases, setAliases] = useState<AliasOut[]>([]);
  const { error, showError, guard } = useErrorLine();
  const load = () =>
    getChannel(project, channelId).then(
      (c) => {
        setChannel(c);
        setDraft(draftOf(c));
      },
      showError,
    );
  useEffect(() => {
    void load();
    listAliases(project).then(setAliases, showError);
  }, [project, channelId]);
  useEffect(() => {
    pageTitle.value = `${channel?.name ?? 'Channel'} · Channels · ${BASE_TITLE}`;
  }, [channel?.name]);

  async function save(e: Event) {
    e.preventDefault();
    setStatus('');
    await guard(async () => {
      const saved = await saveChannel(project, channelId, draft);
      // The look reaches a widget when it next loads; the alias at the next reply (spec 2.10).
      const moved = saved.alias !== channel?.alias ? ` Replies come from ${saved.alias ?? 'the draft'} from the next one on.` : '';
      setChannel(saved);
      setDraft(draftOf(saved));
      setStatus(`Saved: widgets use it from their next page load.${moved}`);
    });
  }

  if (!channel) return error ? <p class="error" role="alert">{error}</p> : <Loading />;
  return (
    <div class="channels">
      <p>
        <a href={channelsPath(project)}>← All channels</a>
      </p>
      <div class="page-head">
        <h1>{channel.name}</h1>
      </div>
      <form class="card editor" onSubmit={save} aria-labelledby="look-title">
        <h2 id="look-title">Look and behaviour</h2>
        <div class="editor-cols">
          <ChannelSettingsForm draft={draft} onChange={setDraft} onLanguage={setLanguage} hasSecret={channel.has_identity_secret} aliases={aliases} />
          <ChannelPreview channel={channel} draft={draft} language={language} />
        </div>
        <div class="form-actions">
          <button class="btn btn-primary" type="submit">
            Save changes
          </button>
          <span role="status" class="ok">
            {status}
          </span>
        </div>
        <ErrorAlert text={error} />
      </form>
      <OriginList channel={channel} onSaved={setChannel} />
      <EmbedSnippets channel={channel} />
      <IdentitySecret channel={channel} onRotated={() => setChannel({ ...channel, has_identity_secret: true })} />
    </div>
  );
}
