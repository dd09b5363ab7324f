// Visitor typing. The bus carries assistant/operator typing to the widget; the visitor's
// own typing goes to whoever watches the conversation from the team side (an operator inbox) through
// `visitorTyping`. It is access-checked like any conversation frame and never stored.
import { EventEmitter } from 'node:events';
import type { FrameHandler } from '../gateway.js';

export interface VisitorTypingEvent {
  project_id: string;
  conversation_id: string;
  typing: boolean;
}

export const visitorTyping = new EventEmitter<{ typing: [VisitorTypingEvent] }>();
visitorTyping.setMaxListeners(0);

export const typing: FrameHandler<'typing'> = async (frame, conn, gw) => {
  const record = await gw.requireConversation(conn, frame.conversation_id);
  visitorTyping.emit('typing', { project_id: record.project_id, conversation_id: record.id, typing: frame.typing });
};
