// Unread counts: per member and project, the last seq the member has seen of each conversation is
// kept in localStorage; a conversation's unread count is how many messages came after it.
import { signal } from '@preact/signals';
import type { Conversation } from '../../shared/schemas/entities.js';

const readSeqs = signal<Record<string, number>>({});
let storageKey = '';

export function loadReadState(memberId: string, projectId: string) {
  storageKey = `parley.console.read.${memberId}.${projectId}`;
  try {
    readSeqs.value = JSON.parse(localStorage.getItem(storageKey) ?? '{}') as Record<string, number>;
  } catch {
    readSeqs.value = {};
  }
}

export function markRead(conversationId: string, seq: number) {
  if ((readSeqs.peek()[conversationId] ?? -1) >= seq) return;
  readSeqs.value = { ...readSeqs.peek(), [conversationId]: seq };
  try {
    if (storageKey) localStorage.setItem(storageKey, JSON.stringify(readSeqs.peek()));
  } catch {
    // Private mode or full storage: counts still work for this tab.
  }
}

export function unreadCount(c: Conversation): number {
  const seen = readSeqs.value[c.id];
  return seen === undefined ? c.message_count : Math.max(0, c.last_seq - seen);
}
