// The conversation: history, the visitor's pending messages, the streamed answer and the typing
// indicator. Keeps the view pinned to the newest message unless the visitor scrolled up.
import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import type { ChatModel, ChatState } from '../model.js';
import type { Message } from '../../../shared/schemas/entities.js';
import { visible } from '../messages.js';
import { strings } from '../strings.js';
import { errorText } from '../../i18n/errors.js';
import { HandoffOffer } from './HandoffOffer.js';
import { Suggestions } from './Suggestions.js';
import { MessageBubble } from './MessageBubble.js';
import { Announcer } from './Announcer.js';
import { ContactPrompt } from './ContactPrompt.js';
import { ToolApproval } from './ToolApproval.js';

/** An unsure reply (outcome `suggestions`) shows its sections as suggestions, not as an answer. */
const ReplyBubble = (p: Parameters<typeof MessageBubble>[0] & { message: { outcome?: string } }) =>
  p.message.outcome === 'suggestions' ? <Suggestions {...p} /> : <MessageBubble {...p} />;

/**
 * A note in the visitor's language where we know what it says: the stored handoff notes are the
 * server's English record of the visitor's answer (spec 2.9); their labels say which one it is.
 * Outside business hours the server writes the note itself, in the visitor's language, with when the
 * team is back (docs/operators.md "Business hours"): that text is the one to read.
 */
function noteText(m: Message): string {
  if (m.labels.includes('outside_hours')) return m.content;
  if (m.labels.includes('handoff_accepted')) return strings.handoffAccepted;
  if (m.labels.includes('handoff_declined')) return strings.handoffDeclined;
  return m.content;
}

export function MessageList(props: { state: ChatState; model: ChatModel }) {
  const { state, model } = props;
  const ref = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const shown = state.messages.filter(visible);
  const lastReply = [...shown].reverse().find((m) => m.role !== 'user' && m.type === 'message');

  useLayoutEffect(() => {
    const el = ref.current;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onScroll = () => (pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40);
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, []);

  return (
    // aria-live off: a streamed answer would otherwise be read token by token; Announcer reads each
    // completed answer once (accessibility).
    <div class="log" ref={ref} tabIndex={0} role="log" aria-live="off" aria-label={strings.messageLog}>
      <Announcer messages={shown} ready={state.ready} />
      <ul class="msgs">
        {state.channel?.greeting && <MessageBubble message={{ role: 'assistant', content: state.channel.greeting, sources: [] }} />}
        {shown.map((m) =>
          m.type === 'note' ? (
            // The list item stays a list item (axe: a <ul> holds only <li>s); the text inside is the note.
            <li key={m.id} class="note" data-id={m.id}>
              <span role="note">{noteText(m)}</span>
              {m.labels.includes('ask_email') && !shown.some((n) => n.seq > m.seq && n.labels.includes('contact_saved')) && (
                <ContactPrompt onSend={(email) => model.leaveContact(email)} away={m.labels.includes('outside_hours')} />
              )}
            </li>
          ) : (
            <ReplyBubble key={m.id} message={m}>
              {m.offer_handoff && (
                <HandoffOffer
                  answered={Boolean(state.handoff[m.id]) || shown.some((n) => n.seq > m.seq && n.type === 'note' && n.labels.includes('handoff'))}
                  active={m === lastReply && !state.conversation?.operator_active}
                  onRespond={(accept) => model.respondHandoff(m.id, accept)}
                />
              )}
            </ReplyBubble>
          ),
        )}
        {state.pending.map((p) => (
          <MessageBubble
            key={p.client_id}
            message={{ role: 'user', content: p.content, sources: [] }}
            status={
              <span class={`status status-${p.state}`} data-pending={p.state}>
                {p.state === 'queued' ? strings.queued : `${strings.failed}${p.error ? `: ${errorText(p.error, strings)}` : ''}`}
                {p.state === 'failed' && (
                  <>
                    {' '}
                    <button type="button" class="link-btn" onClick={() => model.retry(p.client_id)}>
                      {strings.retry}
                    </button>{' '}
                    <button type="button" class="link-btn" onClick={() => model.discard(p.client_id)}>
                      {strings.discard}
                    </button>
                  </>
                )}
              </span>
            }
          />
        ))}
        {state.stream && <MessageBubble key="stream" message={{ role: 'assistant', content: state.stream.text, sources: [] }} />}
        {state.toolCalls.map((call) => (
          <ToolApproval key={call.id} call={call} onAnswer={(approve) => model.answerToolCall(call.id, approve)} />
        ))}
      </ul>
      {state.typing && (
        <p class="typing" role="status">
          <span class="dots" aria-hidden="true">
            <i />
            <i />
            <i />
          </span>
          {state.typing === 'operator' ? strings.typingOperator : strings.typingAssistant}
        </p>
      )}
    </div>
  );
}
