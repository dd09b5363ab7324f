// The chat messages sent to an OpenAI-compatible model: instructions, numbered sources, history.
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { HistoryTurn } from '../provider.js';

export const SYSTEM_PROMPT = [
  'You are a customer-support assistant embedded on a website.',
  'Answer only from the numbered sources and tool results you are given; never invent facts, prices or policies.',
  'Cite every statement with the number of its source in square brackets, like [1] or [2].',
  'Use the tools when the sources do not cover the question. If you still cannot answer, say plainly that you do not know and call offer_handoff.',
  'Be brief and friendly; answer in the language of the user.',
].join('\n');

export function buildMessages(history: HistoryTurn[], sourcesBlock: string, question: string, instructions: string[] = []): ChatCompletionMessageParam[] {
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
  messages.push({ role: 'user', content: question });
  return messages;
}
