// The inbox's view counts (GET …/conversations/counts): how many conversations the list's filters
// (the Open / Resolved tab, search, date range …) match in all, assigned to the asking member
// (Mine), assigned to nobody (Unassigned) and waiting for a person (Waiting). Four counts the store
// answers from its query fields (listQuery); the console asks again when the team feed reports a change.
import type { ConversationRecord } from '../../../shared/schemas/entities.js';
import type { ConversationCounts, ConversationCountsQuery } from '../../../shared/schemas/inbox.js';
import type { Collection, Condition, Query, QueryValue } from '../../store/types.js';
import { listQuery } from './list-filter.js';

/**
 * `base` narrowed by one more condition on `field`. A filter already on that field is an equality
 * (listQuery): it either passes the new test or nothing can match (null).
 */
function narrow(base: Query<ConversationRecord>, field: string, cond: Condition, passes: (v: QueryValue) => boolean): Query<ConversationRecord> | null {
  const current = base.where?.[field];
  if (current !== undefined) return passes(current as QueryValue) ? base : null;
  return { ...base, where: { ...base.where, [field]: cond } };
}

export async function countViews(
  conversations: Collection<ConversationRecord>,
  projectId: string,
  query: ConversationCountsQuery,
): Promise<ConversationCounts> {
  const { member_id, ...filters } = query;
  const base: Query<ConversationRecord> = { ...listQuery(filters), arrays: false };
  const count = (q: Query<ConversationRecord> | null) => (q ? conversations.count(projectId, q) : Promise.resolve(0));
  const [all, mine, unassigned, waiting] = await Promise.all([
    count(base),
    count(member_id ? narrow(base, 'assignee_id', member_id, (v) => v === member_id) : null),
    // Unassigned: no assignee (absent, null or empty).
    count(narrow(base, 'assignee_id', { in: [null, ''] }, (v) => v === null || v === '')),
    count(narrow(base, 'waiting', true, (v) => v === true)),
  ]);
  return { all, mine, unassigned, waiting };
}
