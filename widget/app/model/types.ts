// The chat model's state and what it needs from its surroundings (docs/architecture.md section 8: components read
// a model; only the model talks to the transport).
import type { WidgetChannelConfig } from '../../../shared/protocol.js';
import type { Conversation, Message } from '../../../shared/schemas/entities.js';
import type { VisitorToolCall } from '../../../shared/schemas/mcp-servers.js';
import type { PageContext, WidgetEventMap } from '../../bridge.js';
import type { Socket, SocketOptions } from '../../transport/socket.js';
import type { PendingMessage } from '../../transport/outbox.js';
import type { TokenStore } from '../../platform/cookies.js';
import type { TabStore } from '../../platform/storage.js';

export type Connection = 'connecting' | 'online' | 'offline';

export interface ChatState {
  connection: Connection;
  /** Milliseconds until the next reconnect attempt while offline. */
  retryInMs: number | null;
  /** Welcomed at least once: the channel config is known. */
  ready: boolean;
  channel: WidgetChannelConfig | null;
  conversation: Conversation | null;
  messages: Message[];
  pending: PendingMessage[];
  stream: { id: string; text: string } | null;
  typing: 'assistant' | 'operator' | null;
  unread: number;
  open: boolean;
  notice: { error: string; message: string } | null;
  /**
   * The server asked us to hold messages (rate_limit_exceeded): its retry_after in seconds and the
   * time (Date.now()) the hold ends. Nothing is sent meanwhile; null when not holding.
   */
  hold: { retryAfter: number; until: number } | null;
  /** The visitor's answers to offer_handoff messages, by message id (spec 2.9). */
  handoff: Record<string, 'accepted' | 'declined'>;
  /** External tool calls waiting for the visitor's approve or deny (spec 2.9), oldest first. */
  toolCalls: VisitorToolCall[];
  /** Whether the rating is offered: only once the conversation reached an end (rating.ts). */
  rateOffered: boolean;
  /** The server refused this widget for good (origin not allowed, unknown frame id): no chat here. */
  unavailable: boolean;
}

export interface ModelDeps {
  frameId: string;
  tokens: TokenStore;
  tab: TabStore;
  connect(handlers: Pick<SocketOptions, 'onOpen' | 'onFrame' | 'onState'>): Socket;
  emit<E extends keyof WidgetEventMap>(event: E, payload: WidgetEventMap[E]): void;
  page(): PageContext | undefined;
  locales(): string[];
  /** Whether the visitor can see the panel right now (open and the tab visible). */
  visible(open: boolean): boolean;
  /** How long a visitor stays quiet after an answer before the rating is offered (default 2 minutes). */
  idleRatingMs?: number;
}

export function initialState(pending: PendingMessage[], handoff: ChatState['handoff']): ChatState {
  return {
    connection: 'connecting',
    retryInMs: null,
    ready: false,
    channel: null,
    conversation: null,
    messages: [],
    pending,
    stream: null,
    typing: null,
    unread: 0,
    open: false,
    notice: null,
    hold: null,
    handoff,
    toolCalls: [],
    rateOffered: false,
    unavailable: false,
  };
}
