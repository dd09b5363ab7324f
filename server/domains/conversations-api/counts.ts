// The inbox's view counts (GET …/conversations/counts): how many conversations the list's filters
// (the Open / Resolved tab, search, date range …) match in all, assigned to the asking member
// (Mine), assigned to nobody (Unassigned) and waiting for a person (Waiting). One pass over the
// project's conversations; the console asks again when the team feed reports a change.
import type { ConversationRecord } from '../../../shared/schemas/entities.js';
import type { ConversationCounts, ConversationCountsQuery } from '../../../shared/schemas/inbox.js';
import { waitingForHuman } from '../../../shared/holder.js';
import { listFilter } from './list-filter.js';

export function countViews(conversations: readonly ConversationRecord[], query: ConversationCountsQuery): ConversationCounts {
  const { member_id, ...filters } = query;
  const keep = listFilter(filters);
  const counts = { all: 0, mine: 0, unassigned: 0, waiting: 0 };
  for (const c of conversations) {
    if (!keep(c)) continue;
    counts.all++;
    if (c.assignee_id) {
      if (c.assignee_id === member_id) counts.mine++;
    } else counts.unassigned++;
    if (waitingForHuman(c)) counts.waiting++;
  }
  return counts;
}
