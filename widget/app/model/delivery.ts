// Getting the visitor's messages to the server (docs/architecture.md section 5): the outbox (survives reconnects
// and reloads), which messages are in flight on this connection, and the hold the server asks for
// with rate_limit_exceeded + retry_after. Messages go out in order; the first one starts the
// conversation, so later ones wait for its ack and the new conversation id.
import type { Socket } from '../../transport/socket.js';
import { createOutbox } from '../../transport/outbox.js';
import { MESSAGE_MAX_LENGTH, capLength } from '../../../shared/limits.js';
import type { TabStore } from '../../platform/storage.js';

export interface DeliveryDeps {
  tab: TabStore;
  /** The socket, once welcomed on it (nothing is sent before the welcome). */
  socket(): Socket | null;
  conversationId(): string | undefined;
  /** The hold started or ended: the view shows it. */
  onHold(hold: { retryAfter: number; until: number } | null): void;
}

export function createDelivery(deps: DeliveryDeps) {
  const outbox = createOutbox(deps.tab);
  let inflight = new Set<string>();
  /**
   * Until when the server asked us to hold messages. Nothing is sent before then, so a message typed
   * meanwhile cannot overtake the refused ones or be refused too.
   */
  let holdUntil = 0;
  let holdTimer: ReturnType<typeof setTimeout> | undefined;

  function flush() {
    const socket = deps.socket();
    if (!socket || holding()) return;
    for (const item of outbox.items()) {
      if (item.state !== 'queued' || inflight.has(item.client_id)) continue;
      const conversation_id = deps.conversationId();
      if (!conversation_id && inflight.size > 0) return;
      const frame = { type: 'message.send' as const, client_id: item.client_id, content: item.content, ...(conversation_id ? { conversation_id } : {}), ...(item.handoff ? { handoff: true } : {}) };
      if (!socket.send(frame)) return;
      inflight.add(item.client_id);
      if (!conversation_id) return;
    }
  }

  const holding = () => Date.now() < holdUntil;

  return {
    items: () => outbox.items(),
    flush,
    holding,
    add(content: string, handoff = false) {
      outbox.add(capLength(content, MESSAGE_MAX_LENGTH), handoff);
    },
    retry(clientId: string) {
      outbox.mark(clientId, 'queued');
    },
    /** Acknowledged, shown in history, or discarded by the visitor. */
    remove(clientIds: Iterable<string | null | undefined>) {
      for (const id of clientIds) if (id) inflight.delete(id);
      outbox.remove(clientIds);
    },
    clear() {
      outbox.remove(outbox.items().map((p) => p.client_id));
    },
    /** A new connection: nothing is in flight on it yet. */
    resetInflight() {
      inflight = new Set();
    },
    /**
     * The server refused a message. rate_limit_exceeded keeps it queued and holds everything for
     * retry_after seconds; any other error marks it failed (the view words the code).
     */
    refused(clientId: string, error: string, retryAfter?: number) {
      inflight.delete(clientId);
      if (error !== 'rate_limit_exceeded') return outbox.mark(clientId, 'failed', error);
      const seconds = Math.max(1, retryAfter ?? 5);
      holdUntil = Date.now() + seconds * 1000;
      deps.onHold({ retryAfter: seconds, until: holdUntil });
      clearTimeout(holdTimer);
      holdTimer = setTimeout(() => {
        holdUntil = 0;
        deps.onHold(null);
        flush();
      }, seconds * 1000);
    },
    persist: () => outbox.persist(),
    destroy() {
      clearTimeout(holdTimer);
    },
  };
}

export type Delivery = ReturnType<typeof createDelivery>;
