// Messages the visitor typed that the server has not acknowledged yet (docs/architecture.md section 5). They
// survive a reconnect and a reload (tab storage) and are re-sent with the same client_id, which the
// server uses to store each exactly once; an ack, or the message showing up in history, removes them.
import type { TabStore } from '../platform/storage.js';

export interface PendingMessage {
  client_id: string;
  content: string;
  created_at: string;
  /** `failed`: the server refused it for good (e.g. too long); the visitor may retry or discard. */
  state: 'queued' | 'failed';
  error?: string;
  /** Sent with "Talk to a person": it goes to the team's queue, not the AI (docs/operators.md "Handover"). */
  handoff?: true;
}

const KEY = 'outbox';

export function createOutbox(tab: TabStore) {
  let items: PendingMessage[] = tab.get<PendingMessage[]>(KEY) ?? [];
  const save = () => (items.length ? tab.set(KEY, items) : tab.remove(KEY));
  return {
    items: () => items,
    add(content: string, handoff = false): PendingMessage {
      const item: PendingMessage = { client_id: newClientId(), content, created_at: new Date().toISOString(), state: 'queued', ...(handoff ? { handoff: true as const } : {}) };
      items = [...items, item];
      save();
      return item;
    },
    /** Removes the given client ids; returns true when something was removed. */
    remove(clientIds: Iterable<string | null | undefined>): boolean {
      const drop = new Set(clientIds);
      const next = items.filter((i) => !drop.has(i.client_id));
      if (next.length === items.length) return false;
      items = next;
      save();
      return true;
    },
    mark(clientId: string, state: PendingMessage['state'], error?: string) {
      items = items.map((i) => (i.client_id === clientId ? { ...i, state, error } : i));
      save();
    },
    /** Storage moved between memory and sessionStorage: write the current items to the new place. */
    persist: save,
  };
}

export type Outbox = ReturnType<typeof createOutbox>;

/** Random, unguessable and long enough for the protocol's 8–64 characters. */
export function newClientId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return 'c_' + Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
