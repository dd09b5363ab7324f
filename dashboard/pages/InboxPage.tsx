// The inbox (spec 10): filters, the escalated queue, the conversation list with unread counts and
// batch actions, all live over the team feed. Keys: j/k move between conversations, x selects the
// focused one, ? lists the shortcuts.
import { useEffect, useState } from 'preact/hooks';
import '../styles/inbox.css';
import { conversations, hasMore, listError, listState, loadMore, openInbox, reloadList, toggleSelected, selected } from '../models/inbox.js';
import { pageTitle, BASE_TITLE } from '../models/notifications.js';
import { InboxFiltersBar } from '../components/InboxFilters.js';
import { EscalatedQueue } from '../components/EscalatedQueue.js';
import { BatchBar } from '../components/BatchBar.js';
import { ConversationRow } from '../components/ConversationRow.js';
import { ShortcutHelp } from '../components/ShortcutHelp.js';
import { useShortcuts } from '../components/use-shortcuts.js';

const SHORTCUTS = [
  ['j', 'Next conversation'],
  ['k', 'Previous conversation'],
  ['x', 'Select or unselect the focused conversation'],
  ['Enter', 'Open the focused conversation'],
  ['?', 'Show these shortcuts'],
] as const;

function moveFocus(step: number) {
  const links = [...document.querySelectorAll<HTMLAnchorElement>('.conversation-list .row-link')];
  if (!links.length) return;
  const i = links.indexOf(document.activeElement as HTMLAnchorElement);
  links[Math.max(0, Math.min(links.length - 1, i < 0 ? 0 : i + step))].focus();
}

export default function InboxPage({ project }: { project: string }) {
  const [help, setHelp] = useState(false);
  useEffect(() => {
    openInbox(project);
    pageTitle.value = `Inbox · ${BASE_TITLE}`;
  }, [project]);
  useShortcuts({
    j: () => moveFocus(1),
    k: () => moveFocus(-1),
    x: () => {
      const id = (document.activeElement as HTMLElement | null)?.closest('li[data-conversation-id]')?.getAttribute('data-conversation-id');
      if (id) toggleSelected(id, !selected.peek().has(id));
    },
    '?': () => setHelp(true),
  });
  const list = conversations.value;
  return (
    <div class="inbox">
      <div class="page-head">
        <h1>Inbox</h1>
        <button type="button" class="btn btn-quiet" onClick={() => setHelp(true)} aria-keyshortcuts="?">
          Shortcuts
        </button>
      </div>
      <InboxFiltersBar />
      <EscalatedQueue />
      <section aria-labelledby="list-title" class="list-section">
        <h2 id="list-title">Conversations</h2>
        <BatchBar />
        {listState.value === 'error' && (
          <p class="error" role="alert">
            {listError.value}{' '}
            <button type="button" class="btn" onClick={() => void reloadList()}>
              Retry
            </button>
          </p>
        )}
        {list.length === 0 && listState.value === 'idle' && <p class="muted">No conversations match these filters.</p>}
        <ul class="conversation-list" aria-busy={listState.value === 'loading'}>
          {list.map((c) => (
            <ConversationRow key={c.id} c={c} />
          ))}
        </ul>
        {hasMore.value && (
          <button type="button" class="btn" onClick={() => void loadMore()}>
            Load more
          </button>
        )}
      </section>
      <ShortcutHelp open={help} shortcuts={SHORTCUTS} onClose={() => setHelp(false)} />
    </div>
  );
}
