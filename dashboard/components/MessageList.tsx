// The conversation's messages in seq order, the AI answer while it streams, and the visitor's typing.
// New messages scroll into view (the list scrolls itself, not the page); screen readers hear them through the log role.
// A team reply to a question the AI could not answer confidently offers Save as snippet to a role
// that may change the knowledge (models/snippet-candidates.ts).
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { detail, streaming, visitorTyping } from '../models/conversation.js';
import { currentMember } from '../models/session.js';
import { snippetCandidates } from '../models/snippet-candidates.js';
import { roleHas } from '../../shared/roles.js';
import type { Message } from '../../shared/schemas/entities.js';
import { MessageItem } from './MessageItem.js';
import { SaveSnippetDialog } from './SaveSnippetDialog.js';

export function MessageList() {
  const d = detail.value;
  const box = useRef<HTMLDivElement>(null);
  const count = d?.messages.length ?? 0;
  const member = currentMember.value;
  const canWrite = Boolean(member && roleHas(member.role, 'knowledge:write'));
  const candidates = useMemo(() => (canWrite && d ? snippetCandidates(d.messages) : new Map<string, Message>()), [d?.messages, canWrite]);
  const [pair, setPair] = useState<{ question: Message; reply: Message } | null>(null);
  /** Replies saved as snippets here, with what was saved. */
  const [saved, setSaved] = useState<Record<string, string>>({});
  useEffect(() => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [count, streaming.value.length > 0, d?.conversation.id]);
  if (!d) return null;
  const action = (m: Message) => {
    const question = candidates.get(m.id);
    if (!question) return null;
    if (saved[m.id]) return <p class="msg-saved">{saved[m.id]}</p>;
    return (
      <div class="msg-actions">
        <button type="button" class="btn btn-quiet" onClick={() => setPair({ question, reply: m })}>
          Save as snippet<span class="sr-only">: the reply to “{question.content.slice(0, 80)}”</span>
        </button>
      </div>
    );
  };
  return (
    <>
      <div class="messages" role="log" aria-label="Messages" tabIndex={0} ref={box}>
        <ol>
          {d.messages.map((m) => (
            <MessageItem key={m.id} m={m}>
              {action(m)}
            </MessageItem>
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
      <SaveSnippetDialog
        projectId={d.conversation.project_id}
        conversationId={d.conversation.id}
        pair={pair}
        onClose={(text) => {
          if (text && pair) setSaved({ ...saved, [pair.reply.id]: text });
          setPair(null);
        }}
      />
    </>
  );
}
