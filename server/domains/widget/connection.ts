// One widget WebSocket: its visitor state after session.hello, its conversation subscriptions and a
// send that never throws (a closed socket simply drops frames; the client resumes by last_seq).
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import type { Channel } from '../../../shared/schemas/entities.js';
import type { ServerFrame } from '../../../shared/protocol.js';
import type { ConversationEvent } from '../conversations/events.js';
import type { PageContext } from './visitors.js';
import { OutboundFrames } from './outbound.js';
import { visitorToolCall } from '../../../shared/schemas/mcp-servers.js';
import { conversationForVisitor, messageForVisitor, visibleToVisitor } from '../../../shared/visibility.js';

export interface VisitorState {
  channel: Channel;
  projectId: string;
  frameId: string;
  deviceId: string;
  /** Known once the visitor has interacted (spec 5.1) or came back with valid tokens. */
  userId: string | null;
  sessionId: string | null;
  locales: string[];
  page: PageContext | null;
  /** `Parley('update', {attributes})`, merged; kept in memory until the visitor interacts (spec 5.1). */
  attributes: Record<string, unknown>;
}

/** Conversation events as the visitor sees them: comments, summaries and internal notes never leave the server (spec 2.6, shared/visibility.ts). */
export function toServerFrame(event: ConversationEvent): ServerFrame | null {
  switch (event.type) {
    case 'message.created':
      if (!visibleToVisitor(event.message)) return null;
      return { type: 'message.created', conversation_id: event.conversation_id, seq: event.seq, message: messageForVisitor(event.message) };
    case 'message.delta':
      return { type: 'message.delta', conversation_id: event.conversation_id, stream_id: event.stream_id, delta: event.delta };
    case 'typing':
      return { type: 'typing', conversation_id: event.conversation_id, role: event.role, typing: event.typing };
    case 'conversation.updated':
      return { type: 'conversation.updated', conversation: conversationForVisitor(event.conversation) };
    case 'tool_call.updated':
      return { type: 'tool_call.updated', tool_call: visitorToolCall(event.tool_call) };
    case 'reply.failed':
      return { type: 'error', error: event.error, message: event.message };
    case 'conversation.created':
      return null;
  }
}

const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

export class Connection {
  visitor: VisitorState | null = null;
  closed = false;
  /** The user and session the last session.tokens frame was for, and when it went out. */
  tokensIssued: { key: string; at: number } | null = null;
  private subscriptions = new Map<string, () => void>();

  constructor(
    readonly id: string,
    private readonly socket: WebSocket,
    readonly ip: string,
    readonly origin: string | undefined,
    /** The origin this request was addressed to (same-origin pages of this server). */
    readonly selfOrigin: string | null,
    /** The browser's User-Agent header at the upgrade: the team sees the visitor's device (visitor-device.ts). */
    readonly userAgent: string | null = null,
  ) {}

  /** Deltas merged, and typing frames the widget would not act on left out (outbound.ts). */
  private readonly outbound = new OutboundFrames((frame) => this.write(frame));

  /**
   * Messages this connection sent that are being stored: their `message.ack` carries the stored
   * message, so the `message.created` of the same message is not sent back to this socket (other
   * sockets on the conversation, the visitor's other tabs, still get it). Keys: conversation id and client_id.
   */
  private ownSends = new Set<string>();

  send(frame: ServerFrame): void {
    this.outbound.send(frame);
  }

  /** Runs `store` (which stores the message `clientId` in `conversationId`) without echoing its message.created to this socket. */
  async withoutEcho<T>(conversationId: string, clientId: string, store: () => Promise<T>): Promise<T> {
    const key = `${conversationId}\n${clientId}`;
    this.ownSends.add(key);
    try {
      return await store();
    } finally {
      this.ownSends.delete(key);
    }
  }

  private isOwnEcho(event: ConversationEvent): boolean {
    return (
      this.ownSends.size > 0 &&
      event.type === 'message.created' &&
      event.message.role === 'user' &&
      event.message.client_id !== null &&
      this.ownSends.has(`${event.conversation_id}\n${event.message.client_id}`)
    );
  }

  private write(frame: ServerFrame): void {
    if (this.closed || this.socket.readyState !== this.socket.OPEN) return;
    // A client that stopped reading: drop it rather than buffer without bound (it resumes by last_seq).
    if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) return void this.socket.terminate();
    this.socket.send(JSON.stringify(frame));
  }

  /**
   * Frames sent inside `fn` leave in one socket write (docs/architecture.md section 5): `ws` corks
   * the TCP socket only around one frame's header and payload, so each frame is otherwise its own
   * writev system call, which costs more than the frame's serialisation. Synchronous on purpose:
   * corking until a later moment (the end of the task, the check phase) held every other frame of
   * that task back and raised the ack p99. Order is kept.
   */
  together(fn: () => void): void {
    // `ws` keeps the TCP socket on `_socket`; it has no public cork.
    const tcp = (this.socket as unknown as { _socket?: Duplex })._socket;
    tcp?.cork();
    try {
      fn();
    } finally {
      tcp?.uncork();
    }
  }

  /** Heartbeat (ws-level ping/pong): false when the previous ping got no pong, i.e. the peer is gone. */
  alive = true;
  heartbeat(): void {
    if (!this.alive) return void this.socket.terminate();
    this.alive = false;
    this.socket.ping();
  }

  error(error: string, message: string, extras: { retry_after?: number; client_id?: string } = {}): void {
    this.send({ type: 'error', error, message, ...extras });
  }

  /** Application close codes (shared/close-codes.ts): 4003 origin refused, 4004 unknown frame id, 4008 too many connections, 4401 visitor session revoked, 4404 project deleted. */
  close(code: number, reason: string): void {
    if (this.closed) return;
    this.socket.close(code, reason.slice(0, 120));
    this.closed = true; // frames still queued from this peer are ignored
  }

  /**
   * Per conversation, the seq the welcome covered: a message.created at or below it is already on the
   * client. Events of another instance arrive after a NOTIFY and a store read, so one can land after
   * the welcome that included its message (docs/architecture.md section 7).
   */
  private welcomed = new Map<string, number>();

  /** Everything of the conversation up to `seq` went out in the welcome (or was never the visitor's to see). */
  welcomedUpTo(conversationId: string, seq: number): void {
    this.welcomed.set(conversationId, seq);
  }

  isSubscribed(conversationId: string) {
    return this.subscriptions.has(conversationId);
  }

  subscribe(conversationId: string, subscribe: (listener: (event: ConversationEvent) => void) => () => void): void {
    if (this.subscriptions.has(conversationId)) return;
    this.subscriptions.set(
      conversationId,
      subscribe((event) => {
        if (this.isOwnEcho(event)) return;
        if (event.type === 'message.created' && event.seq <= (this.welcomed.get(conversationId) ?? 0)) return;
        const frame = toServerFrame(event);
        if (frame) this.send(frame);
      }),
    );
  }

  /** Drops every conversation subscription (identity switch and logout). */
  unsubscribeAll(): void {
    for (const unsubscribe of this.subscriptions.values()) unsubscribe();
    this.subscriptions.clear();
  }

  dispose(): void {
    this.closed = true;
    for (const unsubscribe of this.subscriptions.values()) unsubscribe();
    this.subscriptions.clear();
  }
}
