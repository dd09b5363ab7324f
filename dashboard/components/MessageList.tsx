// The conversation's messages in seq order, the AI answer while it streams, and the visitor's typing.
// New messages scroll into view (the list scrolls itself, not the page); screen readers hear them through the log role.
import { useEffect, useRef } from 'preact/hooks';
import { detail, streaming, visitorTyping } from '../models/conversation.js';
import { MessageItem } from './MessageItem.js';

export function MessageList() {
  const d = detail.value;
  const box = useRef<HTMLDivElement>(null);
  const count = d?.messages.length ?? 0;
  useEffect(() => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [count, streaming.value.length > 0, d?.conversation.id]);
  if (!d) return null;
  return (
    <div class="messages" role="log" aria-label="Messages" tabIndex={0} ref={box}>
      <ol>
        {d.messages.map((m) => (
          <MessageItem key={m.id} m={m} />
        ))}
        {streaming.value && (
          <li class="msg msg-assistant msg-streaming" data-testid="streaming">
            <div class="msg-head">
              <span class="msg-who">AI (writing…)</span>
            </div>
            <p class="msg-body">{streaming.value}</p>
          </li>
        )}
      </ol>
      {visitorTyping.value && <p class="muted typing">The visitor is typing…</p>}
    </div>
  );
}
