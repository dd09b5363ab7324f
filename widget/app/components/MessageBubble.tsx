import type { ComponentChildren } from 'preact';
import type { Message } from '../../../shared/schemas/entities.js';
import { renderMarkdown } from '../markdown.js';
import { strings } from '../strings.js';
import { citeSources, Sources } from './Sources.js';
import { OperatorName } from './OperatorName.js';
import { Attachments } from './Attachments.js';

export function MessageBubble(props: { message: Pick<Message, 'role' | 'content' | 'sources' | 'author' | 'attachments'> & { id?: string }; children?: ComponentChildren; status?: ComponentChildren }) {
  const { role, content, sources, author, attachments: files } = props.message;
  // A file sent on its own has its name as the text: the file says it already.
  const text = !(files?.length === 1 && files[0].name === content);
  // Read at render time: the catalogue changes when the locale is resolved.
  const who = { user: strings.you, assistant: strings.assistant, operator: strings.operator };
  return (
    <li class={`msg msg-${role}`} data-role={role} data-id={props.message.id}>
      {role === 'operator' && author ? <OperatorName author={author} /> : <span class="sr-only">{who[role]}: </span>}
      {/* Visitor text is shown as typed (one text node); replies are markdown (docs/architecture.md section 4). */}
      {/* dir="auto": each message takes the direction of its own text, whatever the UI language. */}
      {/* [n] markers link to the page of the answer's source n. */}
      {text && <div class="bubble" dir="auto">{role === 'user' ? <p class="plain">{content}</p> : renderMarkdown(content, citeSources(sources))}</div>}
      {files?.length ? <Attachments files={files} /> : null}
      {props.status}
      {role !== 'user' && <Sources sources={sources} />}
      {props.children}
    </li>
  );
}
