// A visitor message that is only files (docs/attachments.md "The AI and files"): a screenshot or a PDF
// sent from the widget arrives as a message whose text is the file name. The AI cannot read files
// (but images, when the model reads them: images.ts), so such a message is met with a fixed note in
// the visitor's language (agentText 'fileNote') that asks for the request in words and offers a
// person; the file name never reaches the knowledge search or a model as if it were a question.
//
// One note per burst: a visitor who drops three screenshots gets one note, not three. The note is due
// unless the last thing the visitor can see before these files is already this note; any typed
// message, other reply, operator message or visible system note since starts a new burst.
import type { Message } from '../../../shared/schemas/entities.js';
import { visibleToVisitor } from '../../../shared/visibility.js';
import type { AnswerOutput } from './provider.js';
import { AGENT_TEXT_LOCALES, agentText } from './texts.js';

/** Files with no text beyond their names (what the widget's upload stores), e.g. `shot.png` or `a.png, b.pdf`. */
export function filesOnly(message: Pick<Message, 'content' | 'attachments'>): boolean {
  const files = message.attachments ?? [];
  if (!files.length) return false;
  let rest = message.content;
  for (const file of files) rest = rest.split(file.name).join(' ');
  // Only separators left (spaces, commas): nothing the visitor typed.
  return !/[\p{L}\p{N}]/u.test(rest);
}

/** The note in every language Parley speaks: a note stored for a visitor whose locale changed is still recognised. */
const NOTES = new Set(AGENT_TEXT_LOCALES.map((locale) => agentText(locale, 'fileNote')));

/** Whether a message is the AI's file note. */
export function isFileNote(message: Pick<Message, 'role' | 'type' | 'content'>): boolean {
  return message.role === 'assistant' && message.type === 'message' && NOTES.has(message.content);
}

/**
 * Whether the latest files need the note: false when, going back over the visitor's file-only
 * messages (and what the visitor never sees: internal comments and notes), the AI's file note comes
 * first. Anything else first (visitor text, an answer, a person's message, a visible system note
 * such as "the assistant is back") starts a new burst.
 */
export function fileNoteDue(messages: readonly Message[]): boolean {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (!visibleToVisitor(m)) continue;
    if (m.role === 'user' && m.type === 'message' && filesOnly(m)) continue;
    return !isFileNote(m);
  }
  return true;
}

/** The reply: fixed, with the "talk to a person" offer, as other replies that cannot answer (outcome no_answer). */
export function fileNote(locale: string | null): AnswerOutput {
  return { content: agentText(locale, 'fileNote'), sources: [], offer_handoff: true, outcome: 'no_answer' };
}
