// The inbox's middle and right panes for one conversation: messages with their sources, operator
// actions and the composer pinned below them; beside them the details (visitor, rating and feedback,
// labels and settings, tool calls, the visitor's previous conversations). Below 1100 px the details
// are a pane of their own behind the Details button. Keys: t take over, l release, r reply, n note, d AI draft, s resolve/reopen, m summary,
// Escape back to the inbox, ? the list.
import { useEffect, useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import '../styles/conversation.css';
import { closeDetail, detail, detailError, load, release, requestSummary, setStatus, takeOver, visitor } from '../models/conversation.js';
import { errorText } from '../models/api.js';
import { BASE_TITLE, pageTitle } from '../models/notifications.js';
import { inboxPath } from '../paths.js';
import { MessageList } from './MessageList.js';
import { Composer, type ComposerMode } from './Composer.js';
import { VisitorPanel } from './VisitorPanel.js';
import { ToolCallLog } from './ToolCallLog.js';
import { ConversationActions } from './ConversationActions.js';
import { ConversationSettings } from './ConversationSettings.js';
import { StatusChip } from './StatusChip.js';
import { ShortcutHelp } from './ShortcutHelp.js';
import { Loading } from './Loading.js';
import { useShortcuts } from './use-shortcuts.js';
import { conversationTitle } from './format.js';
import { RatingPanel } from './RatingPanel.js';
import { PreviousConversations } from './PreviousConversations.js';

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

export function ConversationPane({ project, conversation }: { project: string; conversation: string }) {
  const { route } = useLocation();
  const [mode, setMode] = useState<ComposerMode>('message');
  const [notice, setNotice] = useState('');
  const [help, setHelp] = useState(false);
  const [details, setDetails] = useState(false);
  useEffect(() => {
    void load(project, conversation);
    setDetails(false);
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
      <section class="pane pane-conversation" aria-label="Conversation">
        <h1>Conversation unavailable</h1>
        <p class="error">{detailError.value}</p>
        <a href={inboxPath(project)}>Back to the inbox</a>
      </section>
    );
  }
  if (!d || !c) {
    return (
      <section class="pane pane-conversation" aria-label="Conversation" aria-busy="true">
        <Loading />
      </section>
    );
  }
  return (
    <>
      <section class={`pane pane-conversation conversation${details ? ' is-behind' : ''}`} aria-label="Conversation">
        <div class="conv-head">
          <a class="back" href={inboxPath(project)}>
            ← Inbox
          </a>
          <h1>{conversationTitle(c, visitor.value)}</h1>
          <StatusChip c={c} />
          <button type="button" class="btn btn-quiet" onClick={() => setHelp(true)} aria-keyshortcuts="?">
            Shortcuts
          </button>
          <button type="button" class="btn details-toggle" aria-expanded={details} aria-controls="conv-details" onClick={() => setDetails(true)}>
            Details
          </button>
        </div>
        <ConversationActions c={c} run={run} onHidden={() => route(inboxPath(project))} />
        <p class="notice" role="status">
          {notice}
        </p>
        <MessageList />
        <Composer mode={mode} onMode={setMode} />
        <ShortcutHelp open={help} shortcuts={SHORTCUTS} onClose={() => setHelp(false)} />
      </section>
      <aside id="conv-details" class={`pane pane-details${details ? ' is-front' : ''}`} aria-label="About this conversation">
        <button type="button" class="btn btn-quiet details-back" onClick={() => setDetails(false)}>
          ← Conversation
        </button>
        {/* Where the details are a pane of their own, they name the conversation (the middle pane's h1 is hidden). */}
        <h1 class="details-title">{conversationTitle(c, visitor.value)}</h1>
        <VisitorPanel c={c} run={run} />
        <RatingPanel c={c} />
        <ConversationSettings c={c} run={run} />
        <PreviousConversations c={c} />
        <ToolCallLog project={project} conversation={c.id} />
      </aside>
    </>
  );
}
