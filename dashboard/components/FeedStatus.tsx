// Whether live updates arrive (the team feed), and how many teammates are online.
import { feedStatus, onlineMembers } from '../models/feed.js';

const TEXT = { live: 'Live', connecting: 'Connecting…', offline: 'Offline' } as const;

export function FeedStatus() {
  const status = feedStatus.value;
  const others = onlineMembers.value.length;
  return (
    <span class={`feed feed-${status}`} data-testid="feed-status" title={status === 'live' ? `${others} online` : undefined}>
      <svg aria-hidden="true" width="8" height="8" viewBox="0 0 8 8">
        <circle cx="4" cy="4" r="4" />
      </svg>
      {TEXT[status]}
      {status === 'live' && <span class="sr-only">, {others} online</span>}
    </span>
  );
}
