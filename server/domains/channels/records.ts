// What the channels domain keeps (docs/channels.md "Durability"): every inbound platform event as it
// arrived, stored before the platform gets its 200 and keyed by the platform's event id so a retry
// finds it; every reply to send, with its attempts, until the platform took it; the links from a
// platform thread to its conversation and from a platform user to a Parley user.
import { createHash } from 'node:crypto';
import type { Message } from '../../../shared/schemas/entities.js';
import { visibleToVisitor } from '../../../shared/visibility.js';
import type { PlatformMessage, Thread } from './types.js';

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
  /** `handover`: a ticket handed to the team on the platform; `fields`: predicted ticket fields set (ChannelPlatform). */
  kind: 'reply' | 'handoff' | 'handover' | 'fields';
  conversation_id: string;
  message_id: string;
  target: { channel: string; thread: string | null };
  text: string;
  /** For kind `fields`: the ticket fields to set (ChannelPlatform.predictFields). */
  fields?: Record<string, string>;
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

/** A message the requester on the platform gets: what the widget would show them, not their own words. */
export const forRequester = (m: Pick<Message, 'role' | 'type' | 'labels' | 'content'>): boolean =>
  m.role !== 'user' && visibleToVisitor(m) && !m.labels.includes('internal') && m.content.trim() !== '';

/** A platform thread's conversation carries it as its external id: `slack:{channel}:{thread}`. */
export const threadExternalId = (type: string, t: Thread): string => `${type}:${t.channel}:${t.thread}`;

export function threadOf(type: string, externalId: string | null | undefined): Thread | null {
  if (!externalId?.startsWith(`${type}:`)) return null;
  const rest = externalId.slice(type.length + 1);
  const at = rest.indexOf(':');
  return at > 0 && at < rest.length - 1 ? { channel: rest.slice(0, at), thread: rest.slice(at + 1) } : null;
}

/** A send for the outbox; a message's send to a target has one id, whoever queues it. */
export function queuedSend(
  channel: { project_id: string; id: string }, kind: StoredSend['kind'], conversationId: string, messageId: string,
  target: StoredSend['target'], text: string, createdAt: string,
): StoredSend {
  return {
    id: keyId(kind, messageId, target.channel, target.thread ?? ''), project_id: channel.project_id, channel_id: channel.id, kind,
    conversation_id: conversationId, message_id: messageId, target, text, status: 'pending', attempts: [], next_attempt_at: createdAt,
    sent_at: null, platform_message_id: null, created_at: createdAt,
  };
}
