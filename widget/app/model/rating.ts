// When to ask for a rating (spec 2.5). Not after the first answer: a conversation is rated once it
// reached an end, as Intercom and Crisp do: it was resolved, or the visitor stayed quiet for a while
// after an answer, or closed the panel after at least one answer (the rating waits for them when they
// come back). Once offered for a conversation it stays offered (tab storage, so a reload keeps it).
import type { Conversation, Message } from '../../../shared/schemas/entities.js';
import type { TabStore } from '../../platform/storage.js';

export const IDLE_RATING_MS = 120_000;

const KEY = 'rate-offered';

export interface RatingDeps {
  tab: TabStore;
  idleMs: number;
  /** The rating became offered: the view shows it. */
  onOffer(): void;
}

const answered = (messages: Message[]) => messages.some((m) => m.role !== 'user' && m.type === 'message');

export function createRatingOffer(deps: RatingDeps) {
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  let conversation: Conversation | null = null;
  let messages: Message[] = [];

  const offeredFor = (id: string | undefined) => Boolean(id && deps.tab.get<string>(KEY) === id);

  function offer() {
    clearTimeout(idleTimer);
    if (!conversation || offeredFor(conversation.id)) return;
    deps.tab.set(KEY, conversation.id);
    deps.onOffer();
  }

  /** An end offers the rating now; after an answer, the idle wait (re)starts. */
  function check() {
    clearTimeout(idleTimer);
    if (!conversation || offeredFor(conversation.id) || !answered(messages)) return;
    if (conversation.status === 'resolved' || typeof conversation.rating === 'number') return offer();
    const last = messages.filter((m) => m.type === 'message').at(-1);
    // Waiting for an answer, or a person is handling it (the end is theirs to call).
    if (!last || last.role === 'user' || conversation.operator_active) return;
    idleTimer = setTimeout(offer, deps.idleMs);
  }

  return {
    offered: (c: Conversation | null) => offeredFor(c?.id),
    /** The conversation changed (messages, status, rating). */
    update(c: Conversation | null, m: Message[]) {
      if (c === conversation && m === messages) return;
      conversation = c;
      messages = m;
      check();
    },
    /** The visitor is typing: not idle, the wait starts again. */
    active: check,
    /** The visitor closed the panel: after an answer, that is an end too. */
    closed() {
      if (conversation && answered(messages)) offer();
    },
    forget() {
      clearTimeout(idleTimer);
      conversation = null;
      messages = [];
      deps.tab.remove(KEY);
    },
    destroy() {
      clearTimeout(idleTimer);
    },
  };
}
