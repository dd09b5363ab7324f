// The inbox as a three-pane workspace (spec 10, as operators know it from Chatwoot and Intercom):
// the work queue on the left (search, Open / Resolved, views with live counts, filters, the
// escalated queue, the list with batch actions), the open conversation in the middle with its reply
// box pinned to the bottom, and its details on the right. On a phone one pane shows at a time: the
// list at /inbox, the conversation at /c/:id (with a back link), the details behind a button.
// Keys: j/k move between conversations, x selects the focused one, ? lists the shortcuts.
import { useEffect, useLayoutEffect, useState } from 'preact/hooks';
import '../styles/inbox.css';
import '../styles/workspace.css';
import { conversations, hasMore, listError, listState, loadMore, openInbox, reloadList, toggleSelected, selected } from '../models/inbox.js';
import { pageTitle, BASE_TITLE } from '../models/notifications.js';
import { InboxFiltersBar } from '../components/InboxFilters.js';
import { InboxViews } from '../components/InboxViews.js';
import { EscalatedQueue } from '../components/EscalatedQueue.js';
import { BatchBar } from '../components/BatchBar.js';
import { ExportMenu } from '../components/ExportMenu.js';
import { ConversationRow } from '../components/ConversationRow.js';
import { ConversationPane } from '../components/ConversationPane.js';
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

export default function InboxPage({ project, conversation }: { project: string; conversation?: string }) {
  const [help, setHelp] = useState(false);
  // Asked for as soon as the page is in the DOM: preact runs a plain effect after the next paint,
  // which a browser that does not paint (a background tab, headless) delays by up to 100 ms.
  useLayoutEffect(() => openInbox(project), [project]);
  useEffect(() => {
    // An open conversation names the tab itself once it has loaded.
    if (!conversation) pageTitle.value = `Inbox · ${BASE_TITLE}`;
  }, [project, conversation]);
  useShortcuts({
    j: () => moveFocus(1),
    k: () => moveFocus(-1),
    x: () => {
      const id = (document.activeElement as HTMLElement | null)?.closest('li[data-conversation-id]')?.getAttribute('data-conversation-id');
      if (id) toggleSelected(id, !selected.peek().has(id));
    },
    // With a conversation open, ? lists the conversation's keys (its own handler).
    ...(conversation ? {} : { '?': () => setHelp(true) }),
  });
  const list = conversations.value;
  return (
    <div class={`workspace inbox${conversation ? ' has-conversation' : ''}`}>
      <section class="pane pane-list" aria-labelledby="inbox-title">
        <div class="page-head">
          <h1 id="inbox-title">Inbox</h1>
          <button type="button" class="btn btn-quiet" onClick={() => setHelp(true)} aria-keyshortcuts="?">
            Shortcuts
          </button>
        </div>
        <InboxViews />
        <details class="filters-toggle" open>
          <summary>Filters</summary>
          <InboxFiltersBar project={project} />
        </details>
        <EscalatedQueue />
        <section aria-labelledby="list-title" class="list-section">
          <h2 id="list-title" class="sr-only">
            Conversations
          </h2>
          <ExportMenu project={project} />
          <BatchBar project={project} />
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
              <ConversationRow key={c.id} c={c} current={c.id === conversation} />
            ))}
          </ul>
          {hasMore.value && (
            <button type="button" class="btn" onClick={() => void loadMore()}>
              Load more
            </button>
          )}
        </section>
        <ShortcutHelp open={help} shortcuts={SHORTCUTS} onClose={() => setHelp(false)} />
      </section>
      {conversation ? (
        <ConversationPane project={project} conversation={conversation} />
      ) : (
        <section class="pane pane-conversation pane-empty" aria-label="Conversation">
          <p class="muted">Choose a conversation from the list to read it and reply.</p>
        </section>
      )}
    </div>
  );
}
