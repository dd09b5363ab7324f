// AI involvement `private` (spec 2.5, docs/operators.md): the AI drafts a reply to the visitor's
// latest message for the operator, who edits it and sends it (POST …/messages with from_draft). The
// draft uses the same retrieval and provider as the agent runtime but is never stored or shown to the
// visitor.
import type { AppContext } from '../../context.js';
import type { ConversationRecord } from '../../../shared/schemas/entities.js';
import { AppError } from '../../errors.js';
import { chooseProvider } from '../agent/index.js';
import { retrievalQuery } from '../agent/query.js';
import type { HistoryTurn } from '../agent/provider.js';

export async function draftReply(ctx: AppContext, record: ConversationRecord) {
  const turns = record.messages.filter((m) => m.type === 'message');
  const last = turns.findLastIndex((m) => m.role === 'user');
  if (last < 0) throw new AppError('conflict', 'There is no visitor message to draft a reply to');
  const question = turns[last].content;
  const history: HistoryTurn[] = turns.slice(Math.max(0, last - 8), last).map((m) => ({ role: m.role, content: m.content }));
  const passages = await ctx.services.knowledge.search(record.project_id, retrievalQuery(question, history), { limit: 6 });
  const output = await chooseProvider(ctx).answer({ projectId: record.project_id, question, history, passages, tools: [], onDelta: () => {} });
  return { content: output.content, sources: output.sources };
}
