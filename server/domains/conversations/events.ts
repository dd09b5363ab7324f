// Fan-out of conversation events to the widget gateway, SSE streams and the team feed. With several
// instances on one database, server/cluster/conversation-relay.ts rings the other instances for each
// event published here and hands what they published to `deliverRemote`, re-read from the store
// (docs/architecture.md section 7). Feeds hear both; side effects (webhooks, e-mail, the idle
// closer) hear only their own instance's events, so each runs once per cluster.
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
  | { type: 'tool_call.updated'; project_id: string; conversation_id: string; tool_call: ToolCall }
  /**
   * The AI could not answer a message that came without a socket to tell (a file upload,
   * attachments/widget-routes.ts): the conversation's widgets show the error a typed message's
   * sender is sent. Not persisted, no seq; the visitor may send again.
   */
  | { type: 'reply.failed'; project_id: string; conversation_id: string; error: 'upstream_unavailable'; message: string };

export interface ConversationBus {
  /** An event that happened on this instance. */
  publish(event: ConversationEvent): void;
  /** An event another instance published: for feeds only (subscribe, subscribeEverywhere). */
  deliverRemote(event: ConversationEvent): void;
  /** One conversation's events from every instance (widget, SSE, the AI's take-over watch). */
  subscribe(conversationId: string, listener: (event: ConversationEvent) => void): () => void;
  /** Every event that happened on this instance: side effects that must run once per cluster (webhooks, e-mail, lifecycle). */
  subscribeAll(listener: (event: ConversationEvent) => void): () => void;
  /** Every event of every conversation from every instance (the team feed). */
  subscribeEverywhere(listener: (event: ConversationEvent) => void): () => void;
}

export function createConversationBus(): ConversationBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish(event) {
      emitter.emit(event.conversation_id, event);
      emitter.emit('*', event);
      emitter.emit('**', event);
    },
    deliverRemote(event) {
      emitter.emit(event.conversation_id, event);
      emitter.emit('**', event);
    },
    subscribe(conversationId, listener) {
      emitter.on(conversationId, listener);
      return () => emitter.off(conversationId, listener);
    },
    subscribeAll(listener) {
      emitter.on('*', listener);
      return () => emitter.off('*', listener);
    },
    subscribeEverywhere(listener) {
      emitter.on('**', listener);
      return () => emitter.off('**', listener);
    },
  };
}
