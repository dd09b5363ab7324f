// The reply box's canned reply picker (docs/operators.md "Canned replies"): typing `/` and the start
// of a shortcut at the end of the text lists the matching saved answers; ↑/↓ choose, Enter or Tab
// inserts the reply's text in place of `/shortcut`, Escape closes, a click inserts too. Kept out of
// Composer.tsx (one hook, one popup): the reply box only spreads `inputProps`, asks `onKeyDown` first
// and renders `popup`. The textarea keeps the focus; the list is tied to it by aria-controls and
// aria-activedescendant.
import { useEffect, useId, useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { cannedReplies, ensureCannedReplies, matchCanned, type CannedReply } from '../models/canned-replies.js';
import { projectIdOf } from './Shell.js';
import '../styles/queue-tools.css';

/** `/query` at the end of the text, at its start or after a space or newline. */
const TOKEN = /(^|\s)\/([a-z0-9_-]{0,32})$/;

export function useCannedReplyPicker(text: string, setText: (next: string) => void) {
  const { path } = useLocation();
  const projectId = projectIdOf(path);
  useEffect(() => {
    if (projectId) ensureCannedReplies(projectId);
  }, [projectId]);
  const listId = useId();
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const token = TOKEN.exec(text);
  const matches = token && dismissed !== text ? matchCanned(cannedReplies.value, token[2]) : [];
  const open = matches.length > 0;
  const index = Math.min(active, Math.max(0, matches.length - 1));
  useEffect(() => setActive(0), [token?.[2]]);

  function insert(reply: CannedReply) {
    setText(text.slice(0, text.length - token![2].length - 1) + reply.content);
    setActive(0);
    document.getElementById('composer-text')?.focus();
  }

  /** Handles the key when the list is open; true when it did (the reply box then does nothing more). */
  function onKeyDown(e: KeyboardEvent): boolean {
    if (!open || e.isComposing) return false;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((index + (e.key === 'ArrowDown' ? 1 : matches.length - 1)) % matches.length);
      return true;
    }
    if ((e.key === 'Enter' && !e.shiftKey) || e.key === 'Tab') {
      e.preventDefault();
      insert(matches[index]!);
      return true;
    }
    if (e.key === 'Escape') {
      e.preventDefault();
      setDismissed(text);
      return true;
    }
    return false;
  }

  const optionId = (i: number) => `${listId}-${i}`;
  const inputProps = open ? { 'aria-controls': listId, 'aria-activedescendant': optionId(index) } : {};
  const popup = open ? (
    <ul id={listId} role="listbox" class="canned-picker" aria-label="Canned replies">
      {matches.map((r, i) => (
        <li
          key={r.id}
          id={optionId(i)}
          role="option"
          aria-selected={i === index}
          // mousedown, not click: the textarea keeps the focus.
          onMouseDown={(e) => (e.preventDefault(), insert(r))}
        >
          <span class="canned-shortcut">/{r.shortcut}</span> {r.title}
        </li>
      ))}
    </ul>
  ) : null;
  return { open, onKeyDown, inputProps, popup };
}
