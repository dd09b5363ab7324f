// Conversation statuses (spec 3.1): the data model keeps active / resolved / escalated / abandoned;
// analytics and the conversation filters speak resolved / unresolved / escalated. The mapping is
// documented in docs/operators.md and used by the list filter and the metrics.
import type { ConversationStatus } from './schemas/entities.js';

export const ANALYTICS_STATUSES = ['resolved', 'unresolved', 'escalated'] as const;
export type AnalyticsStatus = (typeof ANALYTICS_STATUSES)[number];

export const DATA_STATUSES = ['active', 'resolved', 'escalated', 'abandoned'] as const satisfies readonly ConversationStatus[];

/** resolved → Resolved; escalated → Escalated; active and abandoned → Unresolved (nobody answered it for good). */
export function analyticsStatus(status: ConversationStatus): AnalyticsStatus {
  return status === 'resolved' ? 'resolved' : status === 'escalated' ? 'escalated' : 'unresolved';
}

/** The data-model statuses a filter value stands for (data-model and analytics values both accepted). */
export function statusesFor(value: ConversationStatus | AnalyticsStatus): ConversationStatus[] {
  return value === 'unresolved' ? ['active', 'abandoned'] : [value];
}
