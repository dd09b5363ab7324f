// The chat messages sent to an OpenAI-compatible model: instructions, numbered sources, history,
// and the question with the visitor's images when the model reads them (OPENAI_VISION).
import type { ChatCompletionContentPart, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { HistoryTurn, ImageInput } from '../provider.js';

export const SYSTEM_PROMPT = [
  'You are a customer-support assistant embedded on a website.',
  'Answer only from the numbered sources and tool results you are given; never invent facts, prices or policies.',
  'Cite every statement with the number of its source in square brackets, like [1] or [2].',
  'Use the tools when the sources do not cover the question. If you still cannot answer, say plainly that you do not know and call offer_handoff.',
  'Be brief and friendly; answer in the language of the user.',
].join('\n');

/**
 * The question for a message of images alone (docs/attachments.md "The AI and files"): no words to
 * answer, so the model is told what happened and what helps, instead of being given the file names.
 * Earlier words of the visitor ("here is a screenshot of the error") are in the history and win.
 */
export function imagesAloneQuestion(count: number, locale: string | null): string {
  const them = count === 1 ? 'this image' : `these ${count} images`;
  return [
    `(The visitor sent ${them} without writing anything.)`,
    'If their earlier messages say what they need, help with that, using what the image shows.',
    'Otherwise say in a sentence or two what you see that matters for support (an error message, a screen, an order) and ask what they need help with.',
    'Do not guess at a problem the image does not show.',
    locale ? `Write in the language the visitor wrote in earlier; if they wrote nothing yet, in the language with the code "${locale}".` : 'Write in the language the visitor wrote in earlier, if any.',
  ].join(' ');
}

/** The question as the model reads it: text alone, or text then the images as data URLs (the endpoint may not reach our signed links). */
function questionContent(question: string, images: ImageInput[]): string | ChatCompletionContentPart[] {
  if (!images.length) return question;
  return [
    { type: 'text', text: question },
    ...images.map((image): ChatCompletionContentPart => ({ type: 'image_url', image_url: { url: `data:${image.content_type};base64,${image.bytes.toString('base64')}` } })),
  ];
}

export function buildMessages(history: HistoryTurn[], sourcesBlock: string, question: string, instructions: string[] = [], images: ImageInput[] = []): ChatCompletionMessageParam[] {
  // The site owner's guidance rules, in priority order (spec 2.7), follow Parley's own instructions.
  const guidance = instructions.length ? `\n\nThe site owner's instructions, most important first:\n${instructions.map((t, i) => `${i + 1}. ${t}`).join('\n')}` : '';
  const messages: ChatCompletionMessageParam[] = [{ role: 'system', content: SYSTEM_PROMPT + guidance }];
  for (const turn of history) {
    if (turn.role === 'user') messages.push({ role: 'user', content: turn.content });
    // A human operator's words are shown to the model as the support side, marked as such.
    else messages.push({ role: 'assistant', content: turn.role === 'operator' ? `(human teammate) ${turn.content}` : turn.content });
  }
  messages.push({
    role: 'system',
    content: sourcesBlock ? `Sources for the next question:\n\n${sourcesBlock}` : 'No sources matched the next question; use search_knowledge or offer a human.',
  });
  messages.push({ role: 'user', content: questionContent(question, images) });
  return messages;
}
