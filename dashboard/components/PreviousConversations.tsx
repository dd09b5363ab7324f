// The visitor's other conversations (newest first), each a link into the inbox with its status and preview.
import { useEffect } from 'preact/hooks';
import type { Conversation } from '../../shared/schemas/entities.js';
import { historyHasMore, loadHistory, previousConversations } from '../models/visitor-history.js';
import { now } from '../models/clock.js';
import { conversationPath } from '../paths.js';
import { ago, conversationTitle } from './format.js';
import { StatusChip } from './StatusChip.js';

export function PreviousConversations({ c }: { c: Conversation }) {
  useEffect(() => void loadHistory(c.project_id, c.user_id, c.id), [c.project_id, c.user_id, c.id]);
  const list = previousConversations.value;
  return (
    <section class="panel history" aria-labelledby="history-title">
      <h2 id="history-title">Previous conversations</h2>
      {list.length === 0 ? (
        <p class="muted">None: this is the visitor's first conversation.</p>
      ) : (
        <ul class="history-list">
          {list.map((p) => (
            <li key={p.id}>
              <a href={conversationPath(p.project_id, p.id)}>{conversationTitle(p)}</a>
              <div class="row-meta">
                <StatusChip c={p} />
                <time dateTime={p.created_at}>{ago(p.created_at, now.value)}</time>
              </div>
              {p.last_message && <p class="row-preview">{p.last_message.content}</p>}
            </li>
          ))}
        </ul>
      )}
      {historyHasMore.value && <p class="muted">Only the latest ten are shown.</p>}
    </section>
  );
}
