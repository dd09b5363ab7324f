// The inbox: the filtered conversation list (paged), the queue of escalated conversations nobody
// has taken yet, the
// selection for batch actions, and live updates from the team feed. Changes the feed reports for a
// conversation the list shows are applied in place; anything else (a new conversation, a resync)
// reloads the list, since only the server knows whether it matches the filters.
import { computed, signal } from '@preact/signals';
import { waitingForHuman } from '../../shared/holder.js';
import type { Conversation } from '../../shared/schemas/entities.js';
import type { BatchResult } from '../../shared/schemas/operators.js';
import { api, errorText, withQuery } from './api.js';
import { endpoints } from './endpoints.js';
import { DEFAULT_FILTERS, filterQuery, type InboxFilters } from './filters.js';
import { onFeed, trackSeq, type FeedEvent } from './feed.js';

interface Page {
  data: Conversation[];
  has_more: boolean;
}

export const filters = signal<InboxFilters>(DEFAULT_FILTERS);
export const conversations = signal<Conversation[]>([]);
export const hasMore = signal(false);
export const listState = signal<'idle' | 'loading' | 'error'>('idle');
export const listError = signal('');
export const escalatedQueue = signal<Conversation[]>([]);
export const selected = signal<ReadonlySet<string>>(new Set());
export const selectedIds = computed(() => [...selected.value]);

/** Waiting for a human: escalated and in the queue, nobody of the team holds it yet (shared/holder.ts). */
export const waiting = (c: Conversation) => waitingForHuman(c);

let projectId = '';
let generation = 0;
let reloadTimer: ReturnType<typeof setTimeout> | undefined;

const PAGE = 50;

async function fetchPage(after?: string): Promise<Page> {
  return api<Page>('GET', withQuery(endpoints.conversations(projectId), { ...filterQuery(filters.peek()), limit: PAGE, starting_after: after }));
}

export async function reloadList(): Promise<void> {
  if (!projectId) return;
  const mine = ++generation;
  listState.value = 'loading';
  try {
    const [page, queue] = await Promise.all([
      fetchPage(),
      api<Page>('GET', withQuery(endpoints.conversations(projectId), { status: 'escalated', operator_active: true, assignee_id: 'none', limit: 100 })),
    ]);
    if (mine !== generation) return;
    conversations.value = page.data;
    hasMore.value = page.has_more;
    // An escalation the AI keeps answering (escalate_to_human) is not waiting for a person.
    escalatedQueue.value = queue.data.filter(waiting);
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

function scheduleReload() {
  clearTimeout(reloadTimer);
  reloadTimer = setTimeout(() => void reloadList(), 250);
}

/** Puts a changed conversation in the list and the queue (or takes it out). */
export function applyConversation(c: Conversation) {
  const list = conversations.peek();
  const i = list.findIndex((x) => x.id === c.id);
  if (i >= 0) conversations.value = c.hidden ? list.filter((x) => x.id !== c.id) : list.map((x) => (x.id === c.id ? c : x));
  else if (!c.hidden) scheduleReload();
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
    const updated = { ...known, last_seq: event.seq, message_count: known.message_count + 1, last_message_at: event.message.created_at };
    conversations.value = list.map((x) => (x.id === known.id ? updated : x));
  }
}

let unsubscribe: (() => void) | null = null;

export function openInbox(id: string) {
  if (projectId !== id) {
    projectId = id;
    conversations.value = [];
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
