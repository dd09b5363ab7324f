// One line of the inbox: select box, title linking to the conversation, the latest reply's preview,
// status, labels, how long the visitor has waited for an answer, the assignee and the unread count.
import type { ConversationListItem } from '../../shared/schemas/inbox.js';
import { selected, toggleSelected } from '../models/inbox.js';
import { unreadCount } from '../models/unread.js';
import { now } from '../models/clock.js';
import { conversationPath } from '../paths.js';
import { ago, conversationTitle, ratingText } from './format.js';
import { LabelChips } from './LabelChips.js';
import { StatusChip } from './StatusChip.js';
import { AssigneeBadge } from './AssigneeBadge.js';

const WHO = { user: 'Visitor', assistant: 'AI', operator: 'Team' } as const;

export function ConversationRow({ c, current = false }: { c: ConversationListItem; current?: boolean }) {
  const unread = unreadCount(c);
  const title = conversationTitle(c);
  const rating = ratingText(c.rating);
  const last = c.last_message;
  // The visitor wrote last and nobody answered: the wait is what a work queue sorts by at a glance.
  const waitingSince = last?.role === 'user' && c.status !== 'resolved' ? last.created_at : null;
  return (
    <li class={`row${unread ? ' row-unread' : ''}${current ? ' row-current' : ''}`} data-conversation-id={c.id}>
      <input type="checkbox" class="row-select" aria-label={`Select ${title}`} checked={selected.value.has(c.id)} onChange={(e) => toggleSelected(c.id, (e.target as HTMLInputElement).checked)} />
      <div class="row-main">
        <a class="row-link" href={conversationPath(c.project_id, c.id)} aria-current={current ? 'true' : undefined}>
          {title}
        </a>
        {last && (
          <p class="row-preview" data-testid="preview">
            <span class="row-preview-who">{WHO[last.role]}: </span>
            {last.content}
          </p>
        )}
        <div class="row-meta">
          <StatusChip c={c} />
          {waitingSince && (
            <span class="row-wait" data-testid="waiting">
              waiting since {ago(waitingSince, now.value)}
            </span>
          )}
          {rating && <span>{rating}</span>}
          <LabelChips ids={c.labels} />
        </div>
      </div>
      <div class="row-end">
        <time dateTime={c.last_message_at ?? c.created_at}>{ago(c.last_message_at ?? c.created_at, now.value)}</time>
        <AssigneeBadge id={c.assignee_id} />
        {unread > 0 && (
          <span class="badge" data-testid="unread">
            {unread}
            <span class="sr-only"> unread</span>
          </span>
        )}
      </div>
    </li>
  );
}
