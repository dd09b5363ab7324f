// The project's channels (spec 2.10; docs/channels.md): every channel type and what is available,
// the website widgets (the list, a new one, delete with confirmation; each opens ChannelEditorPage)
// and team chat (TeamChatSection; each connection opens PlatformChannelPage).
import { useEffect, useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import '../styles/channels.css';
import { channelPath, createChannel, deleteChannel, listChannels, type ChannelOut } from '../models/channels.js';
import { pageTitle, BASE_TITLE } from '../models/notifications.js';
import { Loading } from '../components/Loading.js';
import { ConfirmDialog } from '../components/ConfirmDialog.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { useErrorLine } from '../components/use-error-line.js';
import { ReasonButton } from '../components/ReasonButton.js';
import { ChannelTypeList } from '../components/ChannelTypeList.js';
import { TeamChatSection } from '../components/TeamChatSection.js';

export default function ChannelsPage({ project }: { project: string }) {
  const { route } = useLocation();
  const [list, setList] = useState<ChannelOut[] | null>(null);
  const [name, setName] = useState('');
  const { error, showError, guard } = useErrorLine();
  const [deleting, setDeleting] = useState<ChannelOut | null>(null);
  const load = () => listChannels(project).then(setList, showError);
  useEffect(() => {
    pageTitle.value = `Channels · ${BASE_TITLE}`;
    void load();
  }, [project]);

  async function create(e: Event) {
    e.preventDefault();
    await guard(async () => {
      const c = await createChannel(project, { name: name.trim() });
      route(channelPath(project, c.id));
    });
  }

  async function remove(c: ChannelOut) {
    setDeleting(null);
    await guard(async () => {
      await deleteChannel(project, c.id);
      await load();
    });
  }

  return (
    <div class="channels">
      <div class="page-head">
        <h1>Channels</h1>
      </div>
      <ErrorAlert text={error} />
      <form class="card row-form" onSubmit={create} aria-labelledby="new-channel-title">
        <h2 id="new-channel-title" class="wide">
          New website widget
        </h2>
        <label class="field">
          <span>Channel name</span>
          <input required maxLength={120} value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
        </label>
        <ReasonButton class="btn btn-primary" type="submit" reason={!name.trim() && 'Name the channel first.'}>
          Create channel
        </ReasonButton>
      </form>
      <section class="card" aria-labelledby="channel-list-title">
        <h2 id="channel-list-title">Website widgets</h2>
        {!list && <Loading />}
        {list && !list.length && <p class="muted">No widget yet: create one above.</p>}
        <ul class="channel-list">
          {(list ?? []).map((c) => (
            <li key={c.id}>
              <a href={channelPath(project, c.id)}>{c.name}</a>
              <span class="muted">
                {c.allowed_origins.length ? c.allowed_origins.join(', ') : 'no origins allowed yet'} · <code>{c.frame_id}</code>
              </span>
              <button type="button" class="btn btn-quiet" aria-label={`Delete ${c.name}`} onClick={() => setDeleting(c)}>
                Delete
              </button>
            </li>
          ))}
        </ul>
      </section>
      <TeamChatSection project={project} />
      <TeamChatSection project={project} kinds={['ticketing', 'crm']} title="Ticketing and CRM" empty="No ticketing or CRM channel connected yet." />
      <ChannelTypeList />
      <ConfirmDialog open={!!deleting} title={`Delete ${deleting?.name ?? 'channel'}?`} confirmLabel="Delete channel" danger onConfirm={() => deleting && void remove(deleting)} onCancel={() => setDeleting(null)}>
        <p>Pages embedding it stop showing the chat. Its conversations stay.</p>
      </ConfirmDialog>
    </div>
  );
}
