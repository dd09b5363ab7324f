// Conversation summary for the operator (docs/operators.md): offline and extractive by default —
// the visitor's first question, their latest message, the last answer and how the handoff went — or
// written by the configured OpenAI-compatible model. Stored as a `summary` message, which the visitor
// never sees (shared/visibility.ts).
import type { Config } from '../../config.js';
import type { ConversationRecord, Message } from '../../../shared/schemas/entities.js';

const clip = (text: string, max = 280) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

export function extractiveSummary(record: ConversationRecord): string {
  const turns = record.messages.filter((m) => m.type === 'message');
  const user = turns.filter((m) => m.role === 'user');
  const lines: string[] = [];
  if (user[0]) lines.push(`Visitor asked: ${clip(user[0].content)}`);
  if (user.length > 1) lines.push(`Latest from the visitor: ${clip(user[user.length - 1].content)}`);
  const lastAi = [...turns].reverse().find((m) => m.role === 'assistant');
  if (lastAi) {
    const how = lastAi.outcome === 'answer' ? 'answered' : lastAi.outcome === 'suggestions' ? 'suggested related sections' : 'could not answer';
    lines.push(`Assistant ${how}: ${clip(lastAi.content, 200)}`);
  }
  const lastOp = [...turns].reverse().find((m) => m.role === 'operator');
  if (lastOp) lines.push(`${lastOp.author?.name ?? 'An operator'} replied: ${clip(lastOp.content, 200)}`);
  const handoff = [...record.messages].reverse().find((m: Message) => m.type === 'note' && m.labels.includes('handoff'));
  if (handoff) lines.push(handoff.labels.includes('handoff_declined') ? 'The visitor declined a handoff.' : 'The visitor asked for a person.');
  lines.push(`${user.length} visitor message${user.length === 1 ? '' : 's'}, status ${record.status}.`);
  return lines.join('\n');
}

/** The model's summary when an LLM is configured; the extractive one when none is, or when it fails. */
export async function summarize(config: Config, record: ConversationRecord, signal?: AbortSignal): Promise<{ content: string; by: 'llm' | 'extractive' }> {
  const fallback = { content: extractiveSummary(record), by: 'extractive' as const };
  if (!config.llm) return fallback;
  const transcript = record.messages
    .filter((m) => m.type === 'message')
    .slice(-30)
    .map((m) => `${m.role}: ${clip(m.content, 800)}`)
    .join('\n');
  try {
    const res = await fetch(`${config.llm.baseUrl.replace(/\/$/, '')}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${config.llm.apiKey}` },
      body: JSON.stringify({
        model: config.llm.model,
        stream: false,
        messages: [
          { role: 'system', content: 'Summarise this support conversation for the human operator taking it over: what the visitor wants, what was answered, what is still open. At most 5 short lines.' },
          { role: 'user', content: transcript },
        ],
      }),
      signal: signal ?? AbortSignal.timeout(config.llm.timeoutMs),
    });
    if (!res.ok) return fallback;
    const body = (await res.json()) as { choices?: { message?: { content?: string } }[] };
    const content = body.choices?.[0]?.message?.content?.trim();
    return content ? { content: clip(content, 2000), by: 'llm' } : fallback;
  } catch {
    return fallback;
  }
}
