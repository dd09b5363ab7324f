// The inbox: the filtered conversation list (paged) in the chosen view and tab with the full-text
// search, the views' counts, the queue of escalated conversations nobody has taken yet, the
// selection for batch actions, and live updates from the team feed. Changes the feed reports for a
// conversation the list shows are applied in place; anything else (a new conversation, a resync)
// reloads the list, since only the server knows whether it matches the filters.
import { computed, signal } from '@preact/signals';
import { waitingForHuman } from '../../shared/holder.js';
import type { Conversation } from '../../shared/schemas/entities.js';
import type { ConversationCounts, ConversationListItem } from '../../shared/schemas/inbox.js';
import type { BatchResult } from '../../shared/schemas/operators.js';
import { api, errorText, withQuery } from './api.js';
import { endpoints } from './endpoints.js';
import { DEFAULT_FILTERS, type InboxFilters } from './filters.js';
import { countsQuery, listQuery, type TabId, type ViewId } from './inbox-views.js';
import { currentMember } from './session.js';
import { onFeed, trackSeq, type FeedEvent } from './feed.js';

interface Page<T = ConversationListItem> {
  data: T[];
  has_more: boolean;
}

export const filters = signal<InboxFilters>(DEFAULT_FILTERS);
export const view = signal<ViewId>('all');
export const tab = signal<TabId>('open');
/** The full-text search as typed; the list follows it after a short pause. */
export const search = signal('');
export const counts = signal<ConversationCounts | null>(null);
export const conversations = signal<ConversationListItem[]>([]);
export const hasMore = signal(false);
export const listState = signal<'idle' | 'loading' | 'error'>('idle');
export const listError = signal('');
export const escalatedQueue = signal<Conversation[]>([]);
export const selected = signal<ReadonlySet<string>>(new Set());
export const selectedIds = computed(() => [...selected.value]);

/** Waiting for a human: escalated, and nobody of the team holds it (shared/holder.ts). */
export const waiting = (c: Conversation) => waitingForHuman(c);

let projectId = '';
let generation = 0;
let reloadTimer: ReturnType<typeof setTimeout> | undefined;
let searchTimer: ReturnType<typeof setTimeout> | undefined;
let countsTimer: ReturnType<typeof setTimeout> | undefined;
let countsGeneration = 0;

const PAGE = 50;

const memberId = () => currentMember.peek()?.id;

async function fetchPage(after?: string, id = projectId): Promise<Page> {
  const query = listQuery(filters.peek(), tab.peek(), view.peek(), search.peek(), memberId());
  if (!query) return { data: [], has_more: false };
  return api<Page>('GET', withQuery(endpoints.conversations(id), { ...query, limit: PAGE, starting_after: after }));
}

const fetchQueue = (id: string) => api<Page<Conversation>>('GET', withQuery(endpoints.conversations(id), { waiting: true, limit: 100 }));

/**
 * The first page and the waiting queue of an inbox opened from its URL, asked for by the entry
 * (main.tsx) at once, alongside the session and the page's code instead of after them. The inbox
 * takes them if it opens on that project in its first state (default filters, Open, All, no search:
 * the list query needs no member then); a failed one (signed out) is asked for again.
 */
let early: { projectId: string; page: Promise<Page | null>; queue: Promise<Page<Conversation> | null> } | null = null;

export function prefetchInbox(id: string) {
  const quiet = <T>(p: Promise<T>) => p.catch(() => null);
  early = { projectId: id, page: quiet(fetchPage(undefined, id)), queue: quiet(fetchQueue(id)) };
}

function takeEarly() {
  const e = early;
  early = null;
  const first = filters.peek() === DEFAULT_FILTERS && tab.peek() === 'open' && view.peek() === 'all' && !search.peek();
  return e && first && e.projectId === projectId ? e : null;
}

/** The views' counts for the current tab, filters and search. */
export async function reloadCounts(): Promise<void> {
  if (!projectId) return;
  const mine = ++countsGeneration;
  const query = countsQuery(filters.peek(), tab.peek(), search.peek(), memberId());
  try {
    const next = query ? await api<ConversationCounts>('GET', withQuery(endpoints.conversationCounts(projectId), query)) : { all: 0, mine: 0, unassigned: 0, waiting: 0 };
    if (mine === countsGeneration) counts.value = next;
  } catch {
    // The counts are a guide; the list reports errors. The next change asks again.
  }
}

function scheduleCounts() {
  clearTimeout(countsTimer);
  countsTimer = setTimeout(() => void reloadCounts(), 250);
}

export async function reloadList(): Promise<void> {
  if (!projectId) return;
  const mine = ++generation;
  const id = projectId;
  listState.value = 'loading';
  void reloadCounts();
  const e = takeEarly();
  // The rows show as soon as the page arrives, not after the queue (the queue shows beside them).
  void (async () => ((e && (await e.queue)) ?? fetchQueue(id)))().then(
    (queue) => {
      if (mine === generation) escalatedQueue.value = queue.data;
    },
    () => undefined, // Like the counts, a guide: the list reports errors, and the next change asks again.
  );
  try {
    const page = (e && (await e.page)) ?? (await fetchPage());
    if (mine !== generation) return;
    conversations.value = page.data;
    hasMore.value = page.has_more;
    for (const c of page.data) trackSeq(c.id, c.last_seq);
    const visible = new Set(page.data.map((c) => c.id));
    selected.value = new Set([...selected.peek()].filter((id) => visible.has(id)));
    listState.value = 'idle';
  } catch (err) {
    if (mine !== generation) return;
    listError.value = errorText(err);
    listState.value = 'error';
  }
}

export async function loadMore(): Promise<void> {
  const last = conversations.peek().at(-1);
  if (!last || listState.peek() === 'loading') return;
  listState.value = 'loading';
  try {
    const page = await fetchPage(last.id);
    conversations.value = [...conversations.peek(), ...page.data];
    hasMore.value = page.has_more;
    listState.value = 'idle';
  } catch (err) {
    listError.value = errorText(err);
    listState.value = 'error';
  }
}

export function setFilters(next: InboxFilters) {
  filters.value = next;
  void reloadList();
}

export function setView(next: ViewId) {
  view.value = next;
  void reloadList();
}

export function setTab(next: TabId) {
  tab.value = next;
  void reloadList();
}

/** Searches after a pause in typing, so each key does not cost a request. */
export function setSearch(text: string) {
  search.value = text;
  clearTimeout(searchTimer);
  searchTimer = setTimeout(() => void reloadList(), 300);
}

function scheduleReload() {
  clearTimeout(reloadTimer);
  reloadTimer = setTimeout(() => void reloadList(), 250);
}

/**
 * Puts a changed conversation in the list and the queue (or takes it out). The change may move it
 * out of the view or tab (assigned, resolved, snoozed or woken): only the server knows, so the list reloads; the
 * row is updated at once meanwhile, keeping its preview (the feed's conversation has none).
 */
export function applyConversation(c: Conversation) {
  const list = conversations.peek();
  const i = list.findIndex((x) => x.id === c.id);
  if (i >= 0) {
    conversations.value = c.hidden ? list.filter((x) => x.id !== c.id) : list.map((x) => (x.id === c.id ? { ...x, ...c } : x));
    const before = list[i];
    const snoozeChanged = (before.snoozed_until ?? null) !== (c.snoozed_until ?? null);
    if (before.status !== c.status || before.assignee_id !== c.assignee_id || before.holder !== c.holder || snoozeChanged) scheduleReload();
  } else if (!c.hidden) scheduleReload();
  scheduleCounts();
  const queue = escalatedQueue.peek().filter((x) => x.id !== c.id);
  escalatedQueue.value = waiting(c) ? [c, ...queue] : queue;
  if (c.hidden) toggleSelected(c.id, false);
}

function onEvent(event: FeedEvent) {
  if (event.type === 'resync') return scheduleReload();
  if (event.type === 'conversation.updated' || event.type === 'conversation.escalated') return applyConversation(event.conversation);
  if (event.type === 'message.created') {
    const list = conversations.peek();
    const known = list.find((x) => x.id === event.conversation_id);
    if (!known) return scheduleReload();
    if (event.seq <= known.last_seq) return;
    const m = event.message;
    const preview = m.type === 'message' ? { role: m.role, content: m.content.replace(/\s+/g, ' ').trim().slice(0, 200), created_at: m.created_at } : known.last_message;
    const updated = { ...known, last_seq: event.seq, message_count: known.message_count + 1, last_message_at: m.created_at, last_message: preview };
    conversations.value = list.map((x) => (x.id === known.id ? updated : x));
  }
}

let unsubscribe: (() => void) | null = null;

export function openInbox(id: string) {
  if (projectId !== id) {
    projectId = id;
    conversations.value = [];
    counts.value = null;
    escalatedQueue.value = [];
    selected.value = new Set();
  }
  unsubscribe ??= onFeed(onEvent);
  void reloadList();
}

export function toggleSelected(id: string, on: boolean) {
  const next = new Set(selected.peek());
  if (on) next.add(id);
  else next.delete(id);
  selected.value = next;
}

export function selectAll(on: boolean) {
  selected.value = on ? new Set(conversations.peek().map((c) => c.id)) : new Set();
}

export async function batchLabels(add: string[], remove: string[]): Promise<BatchResult> {
  const result = await api<BatchResult>('POST', endpoints.batchLabels(projectId), { conversation_ids: selectedIds.peek(), add, remove });
  await reloadList();
  return result;
}

/** Permanent and irreversible (spec 2.5): the caller has confirmed it in a dialog. */
export async function batchHide(): Promise<BatchResult> {
  const result = await api<BatchResult>('POST', endpoints.batchHide(projectId), { conversation_ids: selectedIds.peek(), permanent: true });
  selected.value = new Set();
  await reloadList();
  return result;
}
