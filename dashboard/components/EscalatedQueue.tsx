// The queue of escalated conversations nobody has taken over yet, oldest request first.
import { escalatedQueue } from '../models/inbox.js';
import { now } from '../models/clock.js';
import { conversationPath } from '../paths.js';
import { ago, conversationTitle } from './format.js';

export function EscalatedQueue() {
  const queue = [...escalatedQueue.value].sort((a, b) => a.updated_at.localeCompare(b.updated_at));
  return (
    <section class="queue" aria-labelledby="queue-title" data-testid="escalated-queue">
      <h2 id="queue-title">
        Waiting for a human <span class="badge badge-alert">{queue.length}</span>
      </h2>
      {queue.length === 0 ? (
        <p class="muted">Nobody is waiting.</p>
      ) : (
        <ul>
          {queue.map((c) => (
            <li key={c.id}>
              <a href={conversationPath(c.project_id, c.id)}>{conversationTitle(c)}</a> <span class="muted">escalated {ago(c.updated_at, now.value)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
