// The agent runtime's plain-words stage (docs/operators.md "Handover"): a message
// that asks for a person (agent/human-request.ts) is met before retrieval, so "I would like to talk
// to a human" never gets the FAQ page that mentions humans. The channel says how (`handoff`):
// `offer` answers with the handoff offer at once (the visitor confirms, spec 2.9), `immediate` puts
// the conversation in the team's queue at once, `off` leaves the message to the AI like any other.
import type { AppContext } from '../../context.js';
import type { ConversationRecord, Message } from '../../../shared/schemas/entities.js';
import type { AnswerOutput } from '../agent/provider.js';
import { asksForHuman } from '../agent/human-request.js';
import { filesOnly } from '../agent/file-note.js';
import { agentText } from '../agent/texts.js';
import { handoffMode } from '../widget/channel-config.js';
import { operatorsOf } from './service.js';

export function humanRequestStage(ctx: AppContext) {
  return async (conversation: ConversationRecord, question: Message, locale: string | null): Promise<AnswerOutput | 'handed_over' | null> => {
    // A file's name is no request in words ("talk-to-human.png"): files alone get the file note (agent/file-note.ts).
    if (filesOnly(question) || !asksForHuman(question.content)) return null;
    const channel = conversation.channel_id ? await ctx.store.collection('channels').get(conversation.project_id, conversation.channel_id) : undefined;
    const mode = handoffMode(channel);
    if (mode === 'off') return null;
    if (mode === 'immediate') {
      await operatorsOf(ctx).escalateFromHandoff(conversation, 'plain_words');
      return 'handed_over';
    }
    return { content: agentText(locale, 'handoffOffer'), sources: [], offer_handoff: true, outcome: 'no_answer' };
  };
}
