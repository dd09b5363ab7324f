// One message of a conversation as the team sees it: visitor, AI (with its sources), operator
// replies, internal comments (never shown to the visitor), system notes and summaries. The AI's
// answers are Markdown, rendered by the widget's own renderer (shared/markdown.ts: Preact nodes, never
// HTML, links allow-listed) so the team reads what the visitor read; everything else is plain text.
import type { ComponentChildren } from 'preact';
import type { Message } from '../../shared/schemas/entities.js';
import { Sources } from './Sources.js';
import { renderMarkdown } from '../../shared/markdown.js';
import { fullTime } from './format.js';
import { ContactNote } from './ContactNote.js';
import { MessageFiles } from './MessageFiles.js';

function who(m: Message): string {
  if (m.type === 'note') return 'System';
  if (m.type === 'summary') return 'Summary';
  if (m.type === 'handover') return 'AI handover note';
  if (m.role === 'user') return 'Visitor';
  if (m.role === 'assistant') return 'AI';
  return m.author?.name ?? 'Operator';
}

/** `children`: what the team can do with the message (Save as snippet on a reply, MessageList). */
export function MessageItem({ m, children }: { m: Message; children?: ComponentChildren }) {
  const kind = m.type === 'message' ? `msg-${m.role}` : `msg-${m.type}`;
  const internal = m.type === 'comment' ? ' (internal note)' : '';
  return (
    <li class={`msg ${kind}`} data-seq={m.seq}>
      <div class="msg-head">
        <span class="msg-who">
          {who(m)}
          {internal}
        </span>
        <time dateTime={m.created_at}>{fullTime(m.created_at)}</time>
      </div>
      {m.role === 'assistant' && m.type === 'message' ? <div class="msg-body msg-md">{renderMarkdown(m.content)}</div> : <p class="msg-body">{m.content}</p>}
      {m.attachments?.length ? <MessageFiles files={m.attachments} /> : null}
      {m.role === 'assistant' && <Sources sources={m.sources} />}
      {m.type === 'note' && m.labels.includes('contact_saved') && <ContactNote />}
      {children}
    </li>
  );
}
