// The inbox as a work queue: the views (Mine, Unassigned, Waiting, All) and the tabs (Open,
// Resolved) laid over the spec 10 filters, and their translation to the list and counts queries
// (docs/api.md "Conversations"). Snooze is a field (`snoozed_until`), not a status: the Snoozed tab
// is the open statuses with `snoozed=true`, and Open leaves them out with `snoozed=false`
// (docs/operators.md "Snooze").
import { statusesFor } from '../../shared/statuses.js';
import type { ConversationStatus } from '../../shared/schemas/entities.js';
import { filterQuery, type InboxFilters } from './filters.js';

export type ViewId = 'mine' | 'unassigned' | 'waiting' | 'all';
export type TabId = 'open' | 'resolved' | 'snoozed';

export const VIEWS: { id: ViewId; label: string }[] = [
  { id: 'mine', label: 'Mine' },
  { id: 'unassigned', label: 'Unassigned' },
  { id: 'waiting', label: 'Waiting' },
  { id: 'all', label: 'All' },
];

/** Open is everything not resolved and not snoozed, so no conversation falls between the tabs. */
export const TABS: { id: TabId; label: string; statuses: ConversationStatus[]; snoozed?: boolean }[] = [
  { id: 'open', label: 'Open', statuses: ['active', 'escalated', 'abandoned'], snoozed: false },
  { id: 'resolved', label: 'Resolved', statuses: ['resolved'] },
  { id: 'snoozed', label: 'Snoozed', statuses: ['active', 'escalated', 'abandoned'], snoozed: true },
];

type Query = Record<string, string | string[] | boolean | undefined>;

/**
 * The counts query: the filters, the tab and the search (no view). null when the tab and the status
 * filter exclude each other (Resolved tab, "Unresolved" filter): nothing can match.
 */
export function countsQuery(f: InboxFilters, tab: TabId, q: string, memberId: string | undefined, now = Date.now()): Query | null {
  const base = filterQuery(f, now);
  const wanted = f.status.length ? new Set(f.status.flatMap((s) => statusesFor(s as ConversationStatus))) : null;
  const t = TABS.find((x) => x.id === tab)!;
  const status = t.statuses.filter((s) => !wanted || wanted.has(s));
  if (!status.length) return null;
  return { ...base, status, snoozed: t.snoozed, q: q.trim() || undefined, member_id: memberId };
}

/** The list query: the counts query narrowed to the view. */
export function listQuery(f: InboxFilters, tab: TabId, view: ViewId, q: string, memberId: string | undefined, now = Date.now()): Query | null {
  const base = countsQuery(f, tab, q, memberId, now);
  if (!base) return null;
  const { member_id: _m, ...rest } = base;
  if (view === 'mine') return { ...rest, assignee_id: memberId ?? 'none' };
  if (view === 'unassigned') return { ...rest, assignee_id: 'none' };
  if (view === 'waiting') return { ...rest, waiting: true };
  return rest;
}
