// In-process fan-out of conversation events to the widget gateway and SSE streams. A multi-instance
// deployment replaces this with a pub/sub bus behind the same interface (docs/architecture.md section 7).
import { EventEmitter } from 'node:events';
import type { Conversation, Message } from '../../../shared/schemas/entities.js';
import type { ToolCall } from '../../../shared/schemas/mcp-servers.js';

export type ConversationEvent =
  | { type: 'message.created'; project_id: string; conversation_id: string; seq: number; message: Message }
  /** `previous` is the conversation before the change, so a listener can tell what changed (webhooks). */
  | { type: 'conversation.updated'; project_id: string; conversation_id: string; conversation: Conversation; previous?: Conversation }
  /** A new conversation, before its first messages' events. Not sent to the widget or the team feed (they learn of it from its messages). */
  | { type: 'conversation.created'; project_id: string; conversation_id: string; conversation: Conversation }
  /** Streamed answer text before the final message exists; not persisted, so it has no seq. */
  | { type: 'message.delta'; project_id: string; conversation_id: string; stream_id: string; delta: string }
  | { type: 'typing'; project_id: string; conversation_id: string; role: 'assistant' | 'operator'; typing: boolean }
  /** An external tool call was logged, waits for approval, was answered or ran (spec 2.9; mcp/tool-calls.ts). */
  | { type: 'tool_call.updated'; project_id: string; conversation_id: string; tool_call: ToolCall };

export interface ConversationBus {
  publish(event: ConversationEvent): void;
  subscribe(conversationId: string, listener: (event: ConversationEvent) => void): () => void;
  /** Every event of every conversation (analytics, operator inbox). */
  subscribeAll(listener: (event: ConversationEvent) => void): () => void;
}

export function createConversationBus(): ConversationBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish(event) {
      emitter.emit(event.conversation_id, event);
      emitter.emit('*', event);
    },
    subscribe(conversationId, listener) {
      emitter.on(conversationId, listener);
      return () => emitter.off(conversationId, listener);
    },
    subscribeAll(listener) {
      emitter.on('*', listener);
      return () => emitter.off('*', listener);
    },
  };
}
