// A reply the assistant is not sure of (message outcome `suggestions`, docs/knowledge.md "Answers"):
// shown as what it is, "these sections look related", with the sections as links to open, rather
// than as an answer with citations. The reply's text comes from the server in the visitor's
// language: its first paragraph is the lead, its last one the handoff offer.
import type { ComponentChildren } from 'preact';
import type { Message } from '../../../shared/schemas/entities.js';
import { link } from '../markdown.js';
import { strings } from '../strings.js';

export function Suggestions(props: { message: Pick<Message, 'content' | 'sources'> & { id?: string }; children?: ComponentChildren }) {
  const paragraphs = props.message.content.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
  const lead = paragraphs[0] ?? '';
  const offer = paragraphs.length > 2 ? paragraphs.at(-1) : undefined;
  return (
    <li class="msg msg-assistant msg-suggestions" data-role="assistant" data-outcome="suggestions" data-id={props.message.id}>
      <span class="sr-only">{strings.assistant}: </span>
      <div class="bubble" dir="auto">
        <p>{lead}</p>
        <ul class="suggestions">
          {props.message.sources.map((s) => (
            <li key={s.source_id}>{link(s.url, s.title || s.url || s.source_id)}</li>
          ))}
        </ul>
        {offer && <p>{offer}</p>}
      </div>
      {props.children}
    </li>
  );
}
