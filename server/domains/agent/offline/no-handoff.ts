// When the reply's guidance does not allow `offer_handoff` (spec 2.7, 2.9), the offline answerer's
// fixed texts must not offer a human either: the closing offer is dropped — the last paragraph of a
// suggestions reply, the closing question of a no-answer reply (every catalogue language ends it so).
import type { AnswerOutput } from '../provider.js';

export function withoutHandoff(output: AnswerOutput): AnswerOutput {
  if (!output.offer_handoff) return output;
  let content = output.content;
  const paragraphs = content.split('\n\n');
  if (output.outcome === 'suggestions' && paragraphs.length > 1) content = paragraphs.slice(0, -1).join('\n\n');
  else content = content.replace(/(?<=[.!。])\s+[^.!。]*[?？؟]\s*$/u, '');
  return { ...output, content, offer_handoff: false };
}
