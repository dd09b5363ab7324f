// List filters of the conversations list (spec 10 conversation filters). Hidden
// conversations never appear in lists (spec 2.5). Several values of one filter match any of them;
// different filters must all match. `status` takes data-model and analytics values (unresolved =
// active or abandoned, docs/operators.md).
import type { ConversationRecord } from '../../../shared/schemas/entities.js';
import type { ConversationListQuery } from '../../../shared/schemas/api.js';
import { invalid } from '../../errors.js';
import { statusesFor } from '../../../shared/statuses.js';

/** Also used by the metrics (spec 10 filters), which pass the filter fields of their own query. */
export function conversationFilter(q: Omit<ConversationListQuery, 'limit' | 'starting_after' | 'ending_before'>): (c: ConversationRecord) => boolean {
  const after = q.created_after ? Date.parse(q.created_after) : undefined;
  const before = q.created_before ? Date.parse(q.created_before) : undefined;
  if (after !== undefined && before !== undefined && after > before) {
    throw invalid('created_after must not be later than created_before', [{ path: 'querystring.created_after', message: 'is after created_before' }]);
  }
  const statuses = q.status?.length ? new Set<string>(q.status.flatMap(statusesFor)) : undefined;
  const involvement = q.involvement?.length ? new Set<string>(q.involvement) : undefined;
  const tags = q.tags?.length ? q.tags : undefined;
  const assignee = q.assignee_id === 'none' ? null : q.assignee_id;
  const ratings = q.rating?.length ? new Set<string>(q.rating) : undefined;
  const labels = q.labels?.length ? q.labels : undefined;
  return (c) => {
    if (c.hidden) return false;
    if (statuses && !statuses.has(c.status)) return false;
    if (q.channel !== undefined && c.channel_id !== q.channel && c.channel_type !== q.channel) return false;
    if (ratings && (c.rating === null || !ratings.has(String(c.rating)))) return false;
    if (labels && !labels.some((l) => c.labels.includes(l))) return false;
    if (involvement && !involvement.has(c.ai_involvement)) return false;
    if (tags && !tags.some((tag) => c.tags.includes(tag))) return false;
    if (q.topic !== undefined && c.topic !== q.topic) return false;
    if (assignee !== undefined && (c.assignee_id ?? null) !== assignee) return false;
    if (q.operator_active !== undefined && c.operator_active !== q.operator_active) return false;
    if (q.snoozed !== undefined && Boolean(c.snoozed_until) !== q.snoozed) return false;
    if (after !== undefined || before !== undefined) {
      const t = Date.parse(c.created_at);
      if (after !== undefined && t < after) return false;
      if (before !== undefined && t > before) return false;
    }
    return true;
  };
}
