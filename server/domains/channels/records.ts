// What the channels domain keeps (docs/channels.md "Durability"): every inbound platform event as it
// arrived, stored before the platform gets its 200 and keyed by the platform's event id so a retry
// finds it; every reply to send, with its attempts, until the platform took it; the links from a
// platform thread to its conversation and from a platform user to a Parley user.
import { createHash } from 'node:crypto';
import type { PlatformMessage } from './types.js';

export type InboundStatus = 'received' | 'answered' | 'handed_over' | 'no_reply' | 'ignored' | 'failed';

export interface StoredInboundEvent {
  /** From the channel and the platform's event id: a retry of the event lands on the same document. */
  id: string;
  project_id: string;
  channel_id: string;
  platform_event_id: string | null;
  status: InboundStatus;
  outcome: string;
  /** The message to answer, kept until it is processed (a restart in between processes it then). */
  message: PlatformMessage | null;
  conversation_id: string | null;
  received_at: string;
  deliveries: number;
  attempts: number;
}

export interface SendAttempt {
  at: string;
  ok: boolean;
  error: string | null;
}

export interface StoredSend {
  /** From the message it carries and its target: the same reply is never queued twice. */
  id: string;
  project_id: string;
  channel_id: string;
  kind: 'reply' | 'handoff';
  conversation_id: string;
  message_id: string;
  target: { channel: string; thread: string | null };
  text: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: SendAttempt[];
  next_attempt_at: string | null;
  sent_at: string | null;
  platform_message_id: string | null;
  created_at: string;
}

export interface StoredLink {
  id: string;
  project_id: string;
  channel_id: string;
  kind: 'thread' | 'requester';
  key: string;
  /** thread → its conversation; requester → its user. */
  target_id: string;
  created_at: string;
}

/** A stable document id for a platform-side key (ids are file-safe text in every store). */
export const keyId = (...parts: string[]): string => createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 32);
