// Where webhook events come from. The conversation events are derived from the conversation bus
// (conversations/events.ts): a conversation.updated carries the conversation before and after the
// change, so one listener tells an escalation from a resolution without touching the code paths
// (widget, team console, API, lifecycle sweeps) that make those changes. Simulation conversations
// never leave the server.
import type { ConversationBus, ConversationEvent } from '../conversations/events.js';
import type { Conversation } from '../../../shared/schemas/entities.js';
import type { WebhookEventType } from '../../../shared/schemas/webhooks.js';
import { messageForVisitor, visibleToVisitor } from '../../../shared/visibility.js';

export type Emit = (projectId: string, type: WebhookEventType, data: Record<string, unknown>) => Promise<unknown>;

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

const isSimulation = (c: Conversation) => c.channel_type === 'simulation';

export function hookConversationEvents(bus: ConversationBus, emit: Emit, log: (message: string, err: unknown) => void): () => void {
  // Simulation conversations learned from their creation, so their messages are skipped too.
  const simulated = new Set<string>();
  const send = (projectId: string, type: WebhookEventType, data: Record<string, unknown>) =>
    void emit(projectId, type, data).catch((err) => log(`webhook: ${type} could not be stored`, err));

  return bus.subscribeAll((event: ConversationEvent) => {
    switch (event.type) {
      case 'conversation.created':
        if (isSimulation(event.conversation)) {
          if (simulated.size > 10_000) simulated.clear();
          simulated.add(event.conversation_id);
          return;
        }
        return send(event.project_id, 'conversation.created', { conversation: event.conversation });
      case 'conversation.updated':
        if (!event.previous || isSimulation(event.conversation)) return;
        for (const [type, data] of conversationChanges(event.previous, event.conversation)) send(event.project_id, type, data);
        return;
      case 'message.created':
        if (simulated.has(event.conversation_id) || !visibleToVisitor(event.message)) return;
        return send(event.project_id, 'message.created', { conversation_id: event.conversation_id, message: messageForVisitor(event.message) });
    }
  });
}
