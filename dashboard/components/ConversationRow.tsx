// One line of the inbox: select box, title linking to the conversation, status, labels, unread count.
import type { Conversation } from '../../shared/schemas/entities.js';
import { selected, toggleSelected } from '../models/inbox.js';
import { unreadCount } from '../models/unread.js';
import { now } from '../models/clock.js';
import { conversationPath } from '../paths.js';
import { ago, conversationTitle, INVOLVEMENT_TEXT, ratingText } from './format.js';
import { LabelChips } from './LabelChips.js';
import { StatusChip } from './StatusChip.js';

export function ConversationRow({ c }: { c: Conversation }) {
  const unread = unreadCount(c);
  const title = conversationTitle(c);
  const rating = ratingText(c.rating);
  return (
    <li class={`row${unread ? ' row-unread' : ''}`} data-conversation-id={c.id}>
      <input type="checkbox" class="row-select" aria-label={`Select ${title}`} checked={selected.value.has(c.id)} onChange={(e) => toggleSelected(c.id, (e.target as HTMLInputElement).checked)} />
      <div class="row-main">
        <a class="row-link" href={conversationPath(c.project_id, c.id)}>
          {title}
        </a>
        <div class="row-meta">
          <StatusChip c={c} />
          <span>{INVOLVEMENT_TEXT[c.ai_involvement]}</span>
          <span>{c.message_count === 1 ? '1 message' : `${c.message_count} messages`}</span>
          {rating && <span>{rating}</span>}
          <LabelChips ids={c.labels} />
        </div>
      </div>
      <div class="row-end">
        <time dateTime={c.last_message_at ?? c.created_at}>{ago(c.last_message_at ?? c.created_at, now.value)}</time>
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
