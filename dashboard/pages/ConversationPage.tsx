// One conversation: messages with their sources, the composer, the visitor and every operator action.
// Keys: t take over, l release, r reply, n note, d AI draft, s resolve/reopen, m summary,
// Escape back to the inbox, ? the list.
import { useEffect, useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import '../styles/conversation.css';
import { closeDetail, detail, detailError, load, release, requestSummary, setStatus, takeOver, visitor } from '../models/conversation.js';
import { errorText } from '../models/api.js';
import { BASE_TITLE, pageTitle } from '../models/notifications.js';
import { inboxPath } from '../paths.js';
import { MessageList } from '../components/MessageList.js';
import { Composer, type ComposerMode } from '../components/Composer.js';
import { VisitorPanel } from '../components/VisitorPanel.js';
import { ToolCallLog } from '../components/ToolCallLog.js';
import { ConversationActions } from '../components/ConversationActions.js';
import { ConversationSettings } from '../components/ConversationSettings.js';
import { StatusChip } from '../components/StatusChip.js';
import { ShortcutHelp } from '../components/ShortcutHelp.js';
import { Loading } from '../components/Loading.js';
import { useShortcuts } from '../components/use-shortcuts.js';
import { conversationTitle } from '../components/format.js';

const SHORTCUTS = [
  ['t', 'Take over (the AI stops)'],
  ['l', 'Release to the AI'],
  ['r', 'Write a reply'],
  ['n', 'Write an internal note'],
  ['d', 'Ask the AI for a draft'],
  ['s', 'Resolve or reopen'],
  ['m', 'Add a summary'],
  ['Escape', 'Back to the inbox'],
  ['?', 'Show these shortcuts'],
] as const;

export default function ConversationPage({ project, conversation }: { project: string; conversation: string }) {
  const { route } = useLocation();
  const [mode, setMode] = useState<ComposerMode>('message');
  const [notice, setNotice] = useState('');
  const [help, setHelp] = useState(false);
  useEffect(() => {
    void load(project, conversation);
    return () => closeDetail();
  }, [project, conversation]);

  const d = detail.value;
  useEffect(() => {
    if (d) pageTitle.value = `${conversationTitle(d.conversation, visitor.value)} · ${BASE_TITLE}`;
  }, [d?.conversation.id, visitor.value?.id]);

  const run = (action: () => Promise<unknown>, done = '') => {
    setNotice('');
    action().then(
      () => setNotice(done),
      (err) => setNotice(errorText(err)),
    );
  };
  const focusComposer = (m: ComposerMode) => {
    setMode(m);
    setTimeout(() => document.getElementById('composer-text')?.focus());
  };
  const c = d?.conversation;
  useShortcuts({
    t: () => c && (!c.operator_active || !c.assignee_id) && run(takeOver, 'You took over.'),
    l: () => c?.operator_active && run(release, 'Released: the AI answers again.'),
    r: () => focusComposer('message'),
    n: () => focusComposer('comment'),
    d: () => document.querySelector<HTMLButtonElement>('[aria-keyshortcuts="d"]')?.click(),
    s: () => c && run(() => setStatus(c.status === 'resolved' ? 'active' : 'resolved'), c.status === 'resolved' ? 'Reopened.' : 'Marked resolved.'),
    m: () => c && run(requestSummary, 'Summary added.'),
    Escape: () => route(inboxPath(project)),
    '?': () => setHelp(true),
  });

  if (detailError.value) {
    return (
      <section class="page">
        <h1>Conversation unavailable</h1>
        <p class="error">{detailError.value}</p>
        <a href={inboxPath(project)}>Back to the inbox</a>
      </section>
    );
  }
  if (!d || !c) return <Loading />;
  return (
    <div class="conversation">
      <div class="conv-head">
        <a class="back" href={inboxPath(project)}>
          ← Inbox
        </a>
        <h1>{conversationTitle(c, visitor.value)}</h1>
        <StatusChip c={c} />
        <button type="button" class="btn btn-quiet" onClick={() => setHelp(true)} aria-keyshortcuts="?">
          Shortcuts
        </button>
      </div>
      <ConversationActions c={c} run={run} onHidden={() => route(inboxPath(project))} />
      <p class="notice" role="status">
        {notice}
      </p>
      <div class="conv-body">
        <div class="conv-thread">
          <MessageList />
          <Composer mode={mode} onMode={setMode} />
        </div>
        <aside class="conv-side" aria-label="About this conversation">
          <VisitorPanel c={c} />
          <ToolCallLog project={project} conversation={c.id} />
          <ConversationSettings c={c} run={run} />
        </aside>
      </div>
      <ShortcutHelp open={help} shortcuts={SHORTCUTS} onClose={() => setHelp(false)} />
    </div>
  );
}
