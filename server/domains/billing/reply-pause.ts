// When a subscription has expired and its contract says so, the agent stops replying (docs/billing.md
// "When a subscription expires"), never silently: the visitor gets a polite message in their language
// that the team will answer, and the conversation goes to the team's queue with a note saying why.
import type { AppContext } from '../../context.js';
import type { ConversationRecord } from '../../../shared/schemas/entities.js';
import type { AnswerOutput } from '../agent/provider.js';
import { agentText } from '../agent/texts.js';

export const EXPIRED_NOTE =
  'AI replies are paused: this organization’s subscription has expired. Please answer this visitor yourself, and ask the instance operator to renew the contract.';

export function expiredReplyStage(ctx: Pick<AppContext, 'services'>) {
  return async (conversation: ConversationRecord, locale: string | null): Promise<AnswerOutput | null> => {
    const project = await ctx.services.projects.getProject(conversation.project_id);
    if (!project || (await ctx.services.billing.replying(project.organization_id))) return null;
    // The runtime stores this as the reply, then escalates with the note (AnswerOutput.handover_note).
    return { content: agentText(locale, 'procedureHandedOver'), sources: [], offer_handoff: false, outcome: 'no_answer', handover_note: EXPIRED_NOTE };
  };
}
