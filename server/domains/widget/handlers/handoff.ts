// handoff.respond (spec 2.9 offer_handoff): the AI offered a transfer to a human, the visitor reviewed
// it and confirms or declines. Accepting marks the conversation escalated with an operator active
// (so the AI stops replying, DESIGN.md section 6) and posts a system note; declining posts a note and
// leaves the AI in charge. Answering an offer twice changes nothing.
import type { FrameHandler } from '../gateway.js';
import { AppError } from '../../../errors.js';

export const HANDOFF_ACCEPTED_NOTE = 'You asked to talk to a person. A member of the team will reply here.';
export const HANDOFF_DECLINED_NOTE = 'You chose to continue with the assistant.';

export const handoff: FrameHandler<'handoff.respond'> = async (frame, conn, gw) => {
  const { conversations } = gw.ctx.services;
  const record = await gw.requireConversation(conn, frame.conversation_id);
  const offer = [...record.messages].reverse().find((m) => m.offer_handoff);
  if (!offer) throw new AppError('conflict', 'No handoff was offered in this conversation');
  const answered = record.messages.some((m) => m.seq > offer.seq && m.type === 'note' && m.labels.includes('handoff'));
  if (answered) return;
  if (frame.accept) {
    await conversations.patch(record.project_id, record.id, { status: 'escalated', operator_active: true });
  }
  await conversations.append(record.project_id, record.id, {
    role: 'assistant',
    type: 'note',
    content: frame.accept ? HANDOFF_ACCEPTED_NOTE : HANDOFF_DECLINED_NOTE,
    labels: ['handoff', frame.accept ? 'handoff_accepted' : 'handoff_declined'],
  });
};
