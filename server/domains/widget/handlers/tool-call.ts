// tool_call.answer (spec 2.9 external tool servers): the visitor approves or denies an external tool
// call the AI wants to make; the reply then continues (mcp/tool-calls.ts). Only calls of the
// visitor's own conversation; a call already answered or expired is a `tool_call_answered` error.
import type { FrameHandler } from '../gateway.js';
import { createToolCallService } from '../../mcp/tool-calls.js';

export const toolCallAnswer: FrameHandler<'tool_call.answer'> = async (frame, conn, gw) => {
  const record = await gw.requireConversation(conn, frame.conversation_id);
  await createToolCallService(gw.ctx).answer(record.project_id, record.id, frame.call_id, frame.approve, { kind: 'visitor', id: record.user_id, name: null });
};
