// AI involvement levels (spec 2.5), derived from who wrote the visible replies (docs/operators.md):
//   autonomous   – only the AI answered;
//   public       – the AI and a team member both answered the visitor;
//   private      – the team answered, with AI drafts they edited and sent (no public AI reply);
//   not_involved – only the team answered.
import type { Conversation, Message } from '../../../shared/schemas/entities.js';

export function involvementOf(messages: readonly Message[]): Conversation['ai_involvement'] {
  const replies = messages.filter((m) => m.type === 'message' && m.role !== 'user');
  const ai = replies.some((m) => m.role === 'assistant');
  const operator = replies.filter((m) => m.role === 'operator');
  if (operator.length === 0) return 'autonomous';
  if (ai) return 'public';
  return operator.some((m) => m.labels.includes('ai_draft')) ? 'private' : 'not_involved';
}
