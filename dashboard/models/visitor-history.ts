// The same visitor's other conversations, for the details pane: the list filtered by `user_id`
// (docs/api.md), newest first, the open one left out. Loaded when a conversation opens.
import { signal } from '@preact/signals';
import type { ConversationListItem } from '../../shared/schemas/inbox.js';
import { api, withQuery } from './api.js';
import { endpoints } from './endpoints.js';

export const previousConversations = signal<ConversationListItem[]>([]);
export const historyHasMore = signal(false);

let asked = '';

export async function loadHistory(projectId: string, userId: string, currentId: string): Promise<void> {
  const key = `${projectId}/${userId}/${currentId}`;
  if (asked === key) return;
  asked = key;
  previousConversations.value = [];
  historyHasMore.value = false;
  try {
    const page = await api<{ data: ConversationListItem[]; has_more: boolean }>('GET', withQuery(endpoints.conversations(projectId), { user_id: userId, limit: 11 }));
    if (asked !== key) return;
    const others = page.data.filter((c) => c.id !== currentId);
    previousConversations.value = others.slice(0, 10);
    historyHasMore.value = page.has_more || others.length > 10;
  } catch {
    // Optional context: without it the pane simply lists nothing; the next opening asks again.
    if (asked === key) asked = '';
  }
}
