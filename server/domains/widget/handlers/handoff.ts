// handoff.respond (spec 2.9 offer_handoff): the AI offered a transfer to a human, the visitor reviewed
// it and confirms or declines. Accepting marks the conversation escalated with an operator active
// (so the AI stops replying, docs/architecture.md section 6) and posts a system note; declining posts a note and
// leaves the AI in charge. Answering an offer twice changes nothing. The note is in the visitor's
// language (agent texts catalogue). With nobody of the team online (no team feed open on the project),
// the note says so and asks for an e-mail to reply to later (`ask_email`; the widget answers with
// contact.leave, handlers/contact.ts).
import type { FrameHandler } from '../gateway.js';
import { AppError } from '../../../errors.js';
import { agentText } from '../../agent/texts.js';
import { visitorLocale } from '../channel-config.js';
import { operatorsOf } from '../../operators/service.js';
import { orgLanguageOf } from '../../org/settings-of.js';

/** The note posted after the visitor answers a handoff offer, in `locale`. */
export const handoffNote = (locale: string, accepted: boolean) => agentText(locale, accepted ? 'handoffAccepted' : 'handoffDeclined');

export const handoff: FrameHandler<'handoff.respond'> = async (frame, conn, gw) => {
  const { conversations } = gw.ctx.services;
  const record = await gw.requireConversation(conn, frame.conversation_id);
  const locale = visitorLocale(conn.visitor!.channel, conn.visitor!.locales, await orgLanguageOf(gw.ctx, record.project_id));
  const offer = [...record.messages].reverse().find((m) => m.offer_handoff);
  if (!offer) throw new AppError('conflict', 'No handoff was offered in this conversation');
  const answered = record.messages.some((m) => m.seq > offer.seq && m.type === 'note' && m.labels.includes('handoff'));
  if (answered) return;
  // Accepting goes through the handover machine (the queue, the AI quiet, the note); declining only
  // says so: the AI keeps the conversation.
  if (frame.accept) {
    await operatorsOf(gw.ctx).escalateFromHandoff(record, 'offer');
    return;
  }
  await conversations.append(record.project_id, record.id, {
    role: 'assistant',
    type: 'note',
    content: handoffNote(locale, false),
    labels: ['handoff', 'handoff_declined'],
  });
};
