// Screen-reader announcements of answers (accessibility): a polite, atomic live region that
// speaks each completed assistant or operator answer once, when its stored message arrives
// (message.created), never the streamed deltas (the log itself is aria-live="off").
// What the first welcome brings (history on a reload, or on reopening the launcher panel) is already
// known to the visitor and is not read out; replies that arrive later, including those missed while
// offline and delivered by a reconnect, are.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Message } from '../../../shared/schemas/entities.js';
import { strings } from '../strings.js';

export function Announcer(props: { messages: Message[]; ready: boolean }) {
  const replies = props.messages.filter((m) => m.role !== 'user' && m.type === 'message');
  const last = replies[replies.length - 1];
  /** undefined: not welcomed yet; null: welcomed without any reply. */
  const seen = useRef<string | null | undefined>(undefined);
  const [text, setText] = useState('');
  useEffect(() => {
    if (!props.ready) return;
    if (seen.current === undefined) {
      seen.current = last?.id ?? null;
      return;
    }
    if (!last || last.id === seen.current) return;
    seen.current = last.id;
    setText(strings.announceAnswer(last.role === 'operator' ? strings.operator : strings.assistant, last.content));
  }, [last?.id, props.ready]);
  return (
    <div class="sr-only" role="status" aria-live="polite" aria-atomic="true">
      {text}
    </div>
  );
}
