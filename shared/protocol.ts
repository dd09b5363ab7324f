// The widget ⇄ server realtime protocol (docs/architecture.md section 5). Frames are JSON objects discriminated
// by `type` (`noun.verb`). The server validates every inbound frame against these schemas; the widget
// imports only the types (import type) and PROTOCOL_VERSION, so no validator lands in its bundle.
import { Type, type Static } from 'typebox';
import { ConversationSchema, MessageSchema } from './schemas/entities.js';
import { MESSAGE_MAX_LENGTH } from './limits.js';
import type { VisitorToolCall } from './schemas/mcp-servers.js';

export const PROTOCOL_VERSION = 1;
export const WS_PATH = '/v1/widget/ws';

const PageContext = Type.Object(
  { url: Type.String({ maxLength: 2048 }), title: Type.Optional(Type.String({ maxLength: 512 })) },
  { additionalProperties: false },
);

// ---- client → server -------------------------------------------------------------------------
export const HelloFrame = Type.Object(
  {
    type: Type.Literal('session.hello'),
    v: Type.Literal(PROTOCOL_VERSION),
    frame_id: Type.String({ maxLength: 64 }),
    /** Server-signed tokens the widget kept in its cookies (or memory); absent on a first visit. */
    device_token: Type.Optional(Type.String({ maxLength: 512 })),
    user_token: Type.Optional(Type.String({ maxLength: 512 })),
    session_token: Type.Optional(Type.String({ maxLength: 512 })),
    /** Resume: the conversation shown and the last seq the client has. */
    conversation_id: Type.Optional(Type.String({ maxLength: 64 })),
    last_seq: Type.Optional(Type.Integer({ minimum: 0 })),
    page: Type.Optional(PageContext),
    locales: Type.Optional(Type.Array(Type.String({ maxLength: 35 }), { maxItems: 10 })),
  },
  { additionalProperties: false },
);

export const SendFrame = Type.Object(
  {
    type: Type.Literal('message.send'),
    /** Client-generated, makes a re-send after reconnect idempotent. */
    client_id: Type.String({ minLength: 8, maxLength: 64 }),
    /** Absent for the first message: the server starts a conversation. */
    conversation_id: Type.Optional(Type.String({ maxLength: 64 })),
    content: Type.String({ minLength: 1, maxLength: MESSAGE_MAX_LENGTH }),
    /** Sent with the widget's "Talk to a person": the message goes to the team's queue, not the AI (docs/operators.md "Handover"). */
    handoff: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const TypingFrame = Type.Object(
  { type: Type.Literal('typing'), conversation_id: Type.String({ maxLength: 64 }), typing: Type.Boolean() },
  { additionalProperties: false },
);

export const RateFrame = Type.Object(
  {
    type: Type.Literal('conversation.rate'),
    conversation_id: Type.String({ maxLength: 64 }),
    rating: Type.Integer({ minimum: 1, maximum: 5 }),
    feedback: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: false },
);

/** The visitor's answer to an offer_handoff (spec 2.9): reviewed and confirmed, or declined. */
export const HandoffFrame = Type.Object(
  { type: Type.Literal('handoff.respond'), conversation_id: Type.String({ maxLength: 64 }), accept: Type.Boolean() },
  { additionalProperties: false },
);

/**
 * Visitor attributes a site passes with `Parley('update', {attributes})`: flat, small, and untrusted
 * (anyone can call the JS API), so the server keeps them apart from attributes set through the API.
 * Keys: 1–64 characters of letters, digits and _ . : -
 */
export const VisitorAttributes = Type.Record(
  Type.String({ pattern: '^[A-Za-z0-9_.:-]{1,64}$' }),
  Type.Union([Type.String({ maxLength: 1000 }), Type.Number(), Type.Boolean(), Type.Null()]),
  // additionalProperties: keys that do not match the pattern are refused, not let through.
  { maxProperties: 50, additionalProperties: false },
);

export const PageFrame = Type.Object(
  { type: Type.Literal('page.update'), page: PageContext, attributes: Type.Optional(VisitorAttributes) },
  { additionalProperties: false },
);

/** Verified identity (spec 2.4): values plus the site owner's HMAC signatures, or a short-lived JWT. */
export const IdentifyFrame = Type.Object(
  {
    type: Type.Literal('identity.identify'),
    email: Type.Optional(Type.String({ maxLength: 320 })),
    phone: Type.Optional(Type.String({ maxLength: 32 })),
    external_id: Type.Optional(Type.String({ maxLength: 256 })),
    email_signature: Type.Optional(Type.String({ maxLength: 128 })),
    phone_signature: Type.Optional(Type.String({ maxLength: 128 })),
    external_id_signature: Type.Optional(Type.String({ maxLength: 128 })),
    jwt: Type.Optional(Type.String({ maxLength: 4096 })),
    first_name: Type.Optional(Type.String({ maxLength: 200 })),
    last_name: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);

/** The visitor's e-mail, asked for when a handoff finds nobody of the team online (docs/operators.md). */
export const ContactFrame = Type.Object(
  {
    type: Type.Literal('contact.leave'),
    conversation_id: Type.String({ maxLength: 64 }),
    email: Type.String({ minLength: 3, maxLength: 320, pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' }),
  },
  { additionalProperties: false },
);

/** The visitor's answer to an external tool call waiting for approval (spec 2.9; docs/behaviour.md). */
export const ToolCallAnswerFrame = Type.Object(
  { type: Type.Literal('tool_call.answer'), conversation_id: Type.String({ maxLength: 64 }), call_id: Type.String({ maxLength: 64 }), approve: Type.Boolean() },
  { additionalProperties: false },
);

export const LogoutFrame = Type.Object({ type: Type.Literal('identity.logout') }, { additionalProperties: false });
export const PingFrame = Type.Object({ type: Type.Literal('ping') }, { additionalProperties: false });

export const ClientFrame = Type.Union([
  HelloFrame,
  SendFrame,
  TypingFrame,
  RateFrame,
  HandoffFrame,
  PageFrame,
  IdentifyFrame,
  LogoutFrame,
  PingFrame,
  ContactFrame,
  ToolCallAnswerFrame,
]);
export type ClientFrame = Static<typeof ClientFrame>;
export type HelloFrame = Static<typeof HelloFrame>;
export type SendFrame = Static<typeof SendFrame>;

// ---- server → client -------------------------------------------------------------------------
export interface WidgetChannelConfig {
  name: string;
  greeting: string | null;
  locale: string | null;
  theme: { color?: string; position?: 'left' | 'right'; z_index?: number };
  /** Session cookie lifetime in days (spec 5.1; a channel may override the 7-day default). */
  session_ttl_days: number;
  require_verified_identity: boolean;
  voice_enabled: boolean;
  /** Visitors' file uploads: whether the attach button shows, and the limits it checks before sending (docs/attachments.md). */
  attachments?: { enabled: boolean; max_bytes: number; types: string[] };
  /**
   * How a request for a person is met (docs/operators.md "Handover"): `offer` (default) answers a
   * plain-words request with the handoff offer, `immediate` hands over at once, `off` never hands over
   * (no "Talk to a person" in the widget's menu).
   */
  handoff: 'offer' | 'immediate' | 'off';
  /** The organization's default language: the widget's last choice before English when it has no catalogue for the visitor's locales. */
  default_locale?: string | null;
}

type Conversation = Static<typeof ConversationSchema>;
type Message = Static<typeof MessageSchema>;

export type ServerFrame =
  | {
      type: 'session.welcome';
      device_token: string;
      /** Present once the visitor has interacted (spec 5.1: user and session cookies only after interaction). */
      user_token: string | null;
      session_token: string | null;
      channel: WidgetChannelConfig;
      conversation: Conversation | null;
      /** Messages after the client's last_seq (all, on a fresh load). */
      messages: Message[];
      /** External tool calls of the conversation waiting for the visitor's approval (a reload shows the card again). */
      tool_calls?: VisitorToolCall[];
    }
  /** Issued after the first interaction: the widget now stores the user and session cookies. */
  | { type: 'session.tokens'; user_token: string; session_token: string }
  /** The message is durably stored; the sending socket gets no message.created of it (the ack carries it). */
  | { type: 'message.ack'; client_id: string; message: Message; conversation: Conversation }
  /** A new message; one that is not the visitor's own ends the typing indicator. */
  | { type: 'message.created'; conversation_id: string; seq: number; message: Message }
  /** Streamed answer text: it shows the answer growing and ends the typing indicator. */
  | { type: 'message.delta'; conversation_id: string; stream_id: string; delta: string }
  /**
   * The typing indicator; {typing: false} clears it whatever the role. Not sent when the next frame
   * ends it anyway (an answer's first delta at once), or after a message.created or delta ended it.
   */
  | { type: 'typing'; conversation_id: string; role: 'assistant' | 'operator'; typing: boolean }
  | { type: 'conversation.updated'; conversation: Conversation }
  /** An external tool call was asked for, answered or expired: the approve/deny card appears or goes. */
  | { type: 'tool_call.updated'; tool_call: VisitorToolCall }
  | { type: 'identity.updated'; user: { id: string; email_signed: boolean; phone_signed: boolean; external_id_signed: boolean } }
  | { type: 'error'; error: string; message: string; retry_after?: number; client_id?: string }
  | { type: 'pong' };
