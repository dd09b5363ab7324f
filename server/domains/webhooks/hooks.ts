// The conversation events. They are derived inside the conversation service's write from the
// record before and after it (conversations/service.ts calls conversationOutbound), so one rule
// tells an escalation from a resolution for every code path (widget, team console, API, lifecycle
// sweeps), and the events are stored in that same write (relay.ts says why). Simulation
// conversations never leave the server.
import type { Conversation, ConversationRecord, Message } from '../../../shared/schemas/entities.js';
import { summary, type ConversationOutbound } from '../conversations/service.js';
import type { Relay } from './relay.js';
import type { Outbox } from './outbox.js';
import type { WebhookEventType } from '../../../shared/schemas/webhooks.js';
import { messageForVisitor, visibleToVisitor } from '../../../shared/visibility.js';

const CLOSED = new Set(['resolved', 'abandoned']);

/** What a change of a conversation means to a receiver, in the order they happened to it. */
export function conversationChanges(before: Conversation, after: Conversation): [WebhookEventType, Record<string, unknown>][] {
  const out: [WebhookEventType, Record<string, unknown>][] = [];
  const data = { conversation: after };
  if (before.status !== after.status) {
    if (after.status === 'escalated') out.push(['conversation.escalated', data]);
    if (after.status === 'resolved') out.push(['conversation.resolved', data]);
    if (after.status === 'active' && CLOSED.has(before.status)) out.push(['conversation.reopened', data]);
  }
  if ((before.assignee_id ?? null) !== (after.assignee_id ?? null)) out.push(['conversation.assigned', data]);
  if (!before.hidden && after.hidden) out.push(['conversation.hidden', data]);
  if (typeof after.rating === 'number' && after.rating !== before.rating) {
    out.push(['rating.given', { conversation_id: after.id, rating: after.rating, feedback: after.rating_feedback ?? null }]);
  }
  const added = after.labels.filter((l) => !before.labels.includes(l));
  if (added.length > 0) out.push(['label.applied', { conversation_id: after.id, label_ids: added }]);
  return out;
}

const CONVERSATION_EVENT_TYPES: readonly WebhookEventType[] = [
  'conversation.created', 'conversation.escalated', 'conversation.resolved', 'conversation.reopened', 'conversation.assigned',
  'conversation.hidden', 'rating.given', 'label.applied', 'message.created',
];

/** The events of one write of a conversation, in the order they happened (created, messages, changes). */
export function conversationEvents(before: ConversationRecord | null, after: ConversationRecord, messages: Message[]): [WebhookEventType, Record<string, unknown>][] {
  if (after.channel_type === 'simulation') return [];
  const out: [WebhookEventType, Record<string, unknown>][] = [];
  if (!before) out.push(['conversation.created', { conversation: summary(after) }]);
  for (const m of messages) if (visibleToVisitor(m)) out.push(['message.created', { conversation_id: after.id, message: messageForVisitor(m) }]);
  if (before) out.push(...conversationChanges(summary(before), summary(after)));
  return out;
}

/**
 * What the conversation service needs to record its events in the same write as the change
 * (relay.ts): nothing at all while no endpoint of the project takes a conversation event.
 */
export function conversationOutbound(relay: Relay, outbox: Outbox): ConversationOutbound {
  return {
    async begin(projectId, conversationId) {
      if (!(await outbox.wants(projectId, CONVERSATION_EVENT_TYPES))) return null;
      return relay.begin(projectId, { collection: 'conversations', scope: projectId, id: conversationId });
    },
    carry(change, before, after, messages) {
      const events = conversationEvents(before, after, messages).map(([type, data]) => ({ type, data }));
      return relay.carry(before?.webhook_events, change, events, after.updated_at);
    },
    end: (change) => relay.end(change),
  };
}
