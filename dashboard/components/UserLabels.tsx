// The visitor's user labels (spec 2.4): names that follow the user across conversations and that
// audiences match as `user.labels`. Each chip removes its label; the field adds one. Saved at once.
import { useState } from 'preact/hooks';
import { setUserLabels } from '../models/conversation.js';

interface Props {
  labels: string[];
  run: (action: () => Promise<unknown>, done?: string) => void;
}

export function UserLabels({ labels, run }: Props) {
  const [text, setText] = useState('');
  const add = (e: Event) => {
    e.preventDefault();
    const name = text.trim();
    if (!name) return;
    if (!labels.some((l) => l.toLowerCase() === name.toLowerCase())) run(() => setUserLabels([...labels, name]), `User label “${name}” added.`);
    setText('');
  };
  return (
    <div class="user-labels">
      <h3 id="user-labels-title">User labels</h3>
      {labels.length ? (
        <ul class="chips" aria-labelledby="user-labels-title">
          {labels.map((l) => (
            <li key={l} class="chip">
              {l}
              <button type="button" class="btn btn-quiet chip-remove" aria-label={`Remove user label ${l}`} onClick={() => run(() => setUserLabels(labels.filter((x) => x !== l)), `User label “${l}” removed.`)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p class="muted">None yet.</p>
      )}
      <form class="inline-form" onSubmit={add}>
        <label for="user-label-new">Add a user label</label>
        <input id="user-label-new" maxLength={80} value={text} onInput={(e) => setText(e.currentTarget.value)} />
        <button type="submit" class="btn">
          Add
        </button>
      </form>
    </div>
  );
}
