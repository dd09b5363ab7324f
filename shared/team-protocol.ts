// The team feed (docs/operators.md "Team feed"): a WebSocket for the team console at TEAM_WS_PATH,
// authenticated by the session cookie (Origin must be BASE_URL's). It reuses the widget protocol's
// shapes (shared/protocol.ts): frames are JSON discriminated by `type`, messages carry the
// per-conversation `seq`, and a reconnecting client sends the last seq it has per conversation and
// receives what it missed. Actions (take over, reply, release, …) go through the /v1 REST API; the feed
// carries what happens live, typing both ways and who is online.
import { Type, type Static } from 'typebox';
import type { Conversation, Member, Message } from './schemas/entities.js';
import type { VisitorContext } from './schemas/visitor.js';
import type { ToolCall } from './schemas/mcp-servers.js';

export const TEAM_PROTOCOL_VERSION = 1;
export const TEAM_WS_PATH = '/v1/team/ws';

const Id = Type.String({ format: 'uuid' });

// ---- client → server -------------------------------------------------------------------------
export const TeamHelloFrame = Type.Object(
  {
    type: Type.Literal('team.hello'),
    v: Type.Literal(TEAM_PROTOCOL_VERSION),
    project_id: Id,
    /** Resume: the last seq the client has of each conversation it shows; missed messages follow. */
    resume: Type.Optional(Type.Array(Type.Object({ conversation_id: Id, last_seq: Type.Integer({ minimum: 0 }) }, { additionalProperties: false }), { maxItems: 200 })),
  },
  { additionalProperties: false },
);

/** The operator is typing in a conversation: the visitor's widget shows it. */
export const TeamTypingFrame = Type.Object(
  { type: Type.Literal('typing'), conversation_id: Id, typing: Type.Boolean() },
  { additionalProperties: false },
);

export const TeamPingFrame = Type.Object({ type: Type.Literal('ping') }, { additionalProperties: false });

export const TeamClientFrame = Type.Union([TeamHelloFrame, TeamTypingFrame, TeamPingFrame]);
export type TeamClientFrame = Static<typeof TeamClientFrame>;

// ---- server → client -------------------------------------------------------------------------
export interface OnlineMember {
  member_id: string;
  name: string;
  role: Member['role'];
}

export type TeamServerFrame =
  | {
      type: 'team.welcome';
      member: OnlineMember;
      /** Team members with the feed open on this project, the caller included. */
      online: OnlineMember[];
      /** Messages after each resumed conversation's last_seq, oldest first (comments and notes included). */
      missed: Message[];
    }
  /** Every message of every conversation of the project, internal ones included (unread counts, detail view). */
  | { type: 'message.created'; conversation_id: string; seq: number; message: Message }
  /** Answer text streamed before the AI's message is stored (no seq: not persisted). */
  | { type: 'message.delta'; conversation_id: string; stream_id: string; delta: string }
  /** An external tool call of the conversation was logged, waits for approval, was answered or ran (GET …/tool-calls lists them). */
  | { type: 'tool_call.updated'; conversation_id: string; tool_call: ToolCall }
  /** Any change of a conversation (status, operator, labels, rating, assignment, hidden, …). */
  | { type: 'conversation.updated'; conversation: Conversation }
  /** A conversation was just escalated to the team (handoff or take over): notify online operators. */
  | { type: 'conversation.escalated'; conversation: Conversation; no_operator_online: boolean }
  /** Typing in a conversation: the visitor (`user`), the AI or another operator. */
  | { type: 'typing'; conversation_id: string; role: 'user' | 'assistant' | 'operator'; typing: boolean; member_id?: string }
  /** The visitor of a widget conversation moved to another page or came back on another browser (the detail's `visitor`). */
  | { type: 'visitor.updated'; conversation_id: string; visitor: VisitorContext }
  /** The project's labels changed (made, renamed, recoloured, deleted): reload them (GET …/labels). */
  | { type: 'labels.changed' }
  | { type: 'presence'; online: OnlineMember[] }
  | { type: 'error'; error: string; message: string }
  | { type: 'pong' };
