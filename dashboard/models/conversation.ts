// One conversation in detail: its messages (live from the team feed, in seq order), the answer the
// AI is streaming right now, who is typing, the visitor, and every operator action of
// docs/operators.md (take over, release, reply, note, status, labels, tags, assign, hide, summary,
// AI draft). Actions answer with the changed conversation or message; the feed echoes them too, so
// both paths merge by id and seq.
import { signal } from '@preact/signals';
import type { Static } from 'typebox';
import type { Conversation, ConversationStatus, Message, User } from '../../shared/schemas/entities.js';
import type { DraftResponse } from '../../shared/schemas/operators.js';
import type { VisitorContext } from '../../shared/schemas/visitor.js';
import { api } from './api.js';
import { endpoints } from './endpoints.js';
import { onFeed, sendTyping, trackSeq, type FeedEvent } from './feed.js';
import { applyConversation } from './inbox.js';
import { markRead } from './unread.js';

export interface Detail {
  conversation: Conversation;
  messages: Message[];
}

export const detail = signal<Detail | null>(null);
export const detailError = signal('');
export const visitor = signal<User | null>(null);
/** Where the visitor is and on what (the detail's `visitor`; live from `visitor.updated`); null outside the widget. */
export const visitorContext = signal<VisitorContext | null>(null);
/** The AI's answer while it streams (not stored yet). */
export const streaming = signal('');
export const visitorTyping = signal(false);

let projectId = '';
let conversationId = '';
let unsubscribe: (() => void) | null = null;
/** Feed events that arrived while the detail was loading: the detail may predate them. */
let arrivedWhileLoading: FeedEvent[] | null = null;

function merge(messages: Message[], message: Message): Message[] {
  if (messages.some((m) => m.id === message.id)) return messages;
  return [...messages, message].sort((a, b) => a.seq - b.seq);
}

function setConversation(c: Conversation) {
  const d = detail.peek();
  if (d && d.conversation.id === c.id) detail.value = { ...d, conversation: c };
  applyConversation(c);
}

function addMessage(message: Message) {
  const d = detail.peek();
  if (!d || message.conversation_id !== d.conversation.id) return;
  const messages = merge(d.messages, message);
  const last = Math.max(d.conversation.last_seq, message.seq);
  detail.value = { conversation: { ...d.conversation, last_seq: last }, messages };
  if (message.role === 'assistant') streaming.value = '';
  if (message.role === 'user') visitorTyping.value = false;
  trackSeq(message.conversation_id, message.seq);
  if (!document.hidden) markRead(message.conversation_id, last);
}

function onEvent(event: FeedEvent) {
  arrivedWhileLoading?.push(event);
  const id = detail.peek()?.conversation.id;
  if (event.type === 'resync' && id) return void load(projectId, id);
  if (event.type === 'message.created') return addMessage(event.message);
  if (event.type === 'conversation.updated' || event.type === 'conversation.escalated') {
    if (event.conversation.id !== id) return;
    const d = detail.peek()!;
    detail.value = { ...d, conversation: event.conversation };
    if (event.conversation.operator_active) streaming.value = '';
    return;
  }
  if (event.type === 'visitor.updated' && event.conversation_id === id) return void (visitorContext.value = event.visitor);
  if (event.type === 'message.delta' && event.conversation_id === id) streaming.value += event.delta;
  if (event.type === 'typing' && event.conversation_id === id && event.role === 'user') visitorTyping.value = event.typing;
}

export async function load(pid: string, cid: string): Promise<void> {
  projectId = pid;
  conversationId = cid;
  unsubscribe ??= onFeed(onEvent);
  detailError.value = '';
  if (detail.peek()?.conversation.id !== cid) {
    detail.value = null;
    visitor.value = null;
    visitorContext.value = null;
    streaming.value = '';
    visitorTyping.value = false;
  }
  const arrived: FeedEvent[] = [];
  arrivedWhileLoading = arrived;
  try {
    const { messages, visitor: where, ...conversation } = await api<Conversation & { messages: Message[]; visitor: VisitorContext | null }>(
      'GET',
      endpoints.conversation(pid, cid),
    );
    if (conversationId !== cid) return;
    detail.value = { conversation, messages };
    arrivedWhileLoading = null;
    // The detail was read when the request reached the server: a message or change the feed brought
    // meanwhile is applied again on top (messages merge by id; an older state of the conversation is not).
    for (const event of arrived) {
      if (event.type === 'message.created') addMessage(event.message);
      else if ((event.type === 'conversation.updated' || event.type === 'conversation.escalated') && event.conversation.updated_at > detail.peek()!.conversation.updated_at) onEvent(event);
    }
    visitorContext.value = where ?? null;
    trackSeq(cid, conversation.last_seq);
    markRead(cid, conversation.last_seq);
    api<User>('GET', endpoints.user(pid, conversation.user_id)).then(
      (u) => {
        if (conversationId === cid) visitor.value = u;
      },
      () => undefined,
    );
  } catch (err) {
    if (conversationId === cid) detailError.value = err instanceof Error ? err.message : String(err);
  } finally {
    if (arrivedWhileLoading === arrived) arrivedWhileLoading = null;
  }
}

export function closeDetail() {
  conversationId = '';
  detail.value = null;
}

const current = () => {
  const d = detail.peek();
  if (!d) throw new Error('No conversation open');
  return d.conversation.id;
};

async function change(path: string, method: 'POST' | 'PATCH', body?: unknown) {
  const c = await api<Conversation>(method, path, body);
  if (c && typeof c === 'object' && 'id' in c) setConversation(c);
  return c;
}

/**
 * Take over: the AI stops at once and stays quiet, and the visitor reads "{name} from our team
 * joined". Always the take-over call, also for a conversation waiting in the queue after a handoff:
 * the server's handover machine (docs/operators.md "Handover") assigns it and tells the visitor,
 * which a bare assignment (PATCH assignee_id) never did.
 */
export const takeOver = () => change(endpoints.takeover(projectId, current()), 'POST');
export const release = () => change(endpoints.release(projectId, current()), 'POST');
export const setStatus = (status: ConversationStatus) => change(endpoints.conversation(projectId, current()), 'PATCH', { status });
export const setLabels = (labels: string[]) => change(endpoints.conversation(projectId, current()), 'PATCH', { labels });
export const setTags = (tags: string[]) => change(endpoints.conversation(projectId, current()), 'PATCH', { tags });
export const assign = (assignee_id: string | null) => change(endpoints.conversation(projectId, current()), 'PATCH', { assignee_id });
/** Snooze until `until` (ISO time), or wake now with null (docs/operators.md "Snooze"). */
export const snooze = (until: string | null) => change(endpoints.conversation(projectId, current()), 'PATCH', { snoozed_until: until });
/** The labels of the conversation's user (spec 2.4): names, kept across the user's conversations. */
export async function setUserLabels(labels: string[]): Promise<void> {
  const cid = current();
  const user = visitor.peek();
  if (!user) return;
  const updated = await api<User>('PATCH', endpoints.user(projectId, user.id), { labels });
  if (conversationId === cid) visitor.value = updated;
}
/** Permanent: the conversation leaves every list and the metrics (spec 2.5). */
export const hide = () => change(endpoints.hide(projectId, current()), 'POST', { permanent: true });

/** A reply the visitor sees (`message`) or an internal note (`comment`). */
export async function send(content: string, type: 'message' | 'comment', fromDraft = false): Promise<void> {
  const body = { content, type, client_id: crypto.randomUUID(), ...(fromDraft ? { from_draft: true } : {}) };
  const message = await api<Message>('POST', endpoints.messages(projectId, current()), body);
  if (message && typeof message === 'object' && 'id' in message) addMessage(message);
}

/**
 * Sends a file into the open conversation (docs/attachments.md): a reply the visitor sees, or an
 * internal note. The server reads the type from the bytes; its refusal (415, 413) comes back as the error.
 */
export async function sendFile(file: File, type: 'message' | 'comment'): Promise<void> {
  const query = new URLSearchParams({ name: file.name || 'file', type, client_id: crypto.randomUUID() });
  const res = await api<{ message: Message }>('POST', `/v1/projects/${projectId}/conversations/${current()}/attachments?${query}`, file);
  if (res?.message?.id) addMessage(res.message);
}

/** A signed link to a file of the project (valid an hour; file:read). */
export const fileLink = async (id: string) => (await api<{ url: string }>('GET', `/v1/projects/${projectId}/attachments/${id}`)).url;

export async function requestSummary(): Promise<void> {
  const message = await api<Message>('POST', endpoints.summary(projectId, current()));
  if (message && typeof message === 'object' && 'id' in message) addMessage(message);
}

export const requestDraft = () => api<Static<typeof DraftResponse>>('POST', endpoints.draft(projectId, current()));

export function sendOperatorTyping(typing: boolean) {
  const id = detail.peek()?.conversation.id;
  if (id) sendTyping(id, typing);
}
