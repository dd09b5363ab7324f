// conversation.rate (spec 2.5): 1 to 5 stars with optional text feedback. The visitor may change
// their rating; the conversation.updated event reaches every tab through the bus.
import type { FrameHandler } from '../gateway.js';
import { AppError } from '../../../errors.js';

export const rate: FrameHandler<'conversation.rate'> = async (frame, conn, gw) => {
  const record = await gw.requireConversation(conn, frame.conversation_id);
  if (!record.messages.some((m) => m.role !== 'user' && m.type === 'message')) {
    throw new AppError('conflict', 'A conversation can be rated once it has an answer');
  }
  const feedback = frame.feedback?.trim() ? frame.feedback.trim() : null;
  await gw.ctx.services.conversations.patch(record.project_id, record.id, { rating: frame.rating, rating_feedback: feedback });
};
