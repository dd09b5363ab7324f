// When to ask for a rating (spec 2.5). Not after the first answer: a conversation is rated once it
// reached an end, as Intercom and Crisp do: it was resolved, or the visitor stayed quiet for a while
// after an answer, or closed the panel after at least one answer (the rating waits for them when they
// come back). Once offered for a conversation it stays offered (tab storage, so a reload keeps it)
// until the conversation goes on: the visitor writes again, or a resolved conversation is open
// again (reopened by the visitor's message or by the team). The next end offers it again.
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

/**
 * What the tab remembers of the offer: for which conversation, the last message seq it followed,
 * whether the conversation was resolved then, and whether it was taken back since (the conversation
 * went on). An older tab kept only the conversation id.
 */
interface Offer {
  id: string;
  seq: number;
  resolved: boolean;
  withdrawn?: boolean;
}

const answered = (messages: Message[]) => messages.some((m) => m.role !== 'user' && m.type === 'message');
const lastSeq = (messages: Message[]) => messages.reduce((max, m) => Math.max(max, m.seq), 0);
const lastVisitorSeq = (messages: Message[]) => messages.reduce((max, m) => (m.role === 'user' ? Math.max(max, m.seq) : max), 0);

export function createRatingOffer(deps: RatingDeps) {
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  let conversation: Conversation | null = null;
  let messages: Message[] = [];

  function stored(id: string | undefined): Offer | null {
    const v = id ? deps.tab.get<Offer | string>(KEY) : undefined;
    if (!v) return null;
    const offer = typeof v === 'string' ? { id: v, seq: Number.MAX_SAFE_INTEGER, resolved: false } : v;
    return offer.id === id ? offer : null;
  }
  const offeredFor = (id: string | undefined) => {
    const offer = stored(id);
    return Boolean(offer && !offer.withdrawn);
  };

  function offer() {
    clearTimeout(idleTimer);
    if (!conversation || offeredFor(conversation.id)) return;
    deps.tab.set(KEY, { id: conversation.id, seq: lastSeq(messages), resolved: conversation.status === 'resolved' } satisfies Offer);
    deps.onOffer();
  }

  /**
   * The conversation went on after the offer: the visitor wrote again, or it was resolved and is
   * open again. The offer is taken back; a later resolve offers it again. Returns whether it is.
   */
  function withdrawn(c: Conversation): boolean {
    const offer = stored(c.id);
    if (!offer) return false;
    if (offer.withdrawn) return true;
    const resolved = c.status === 'resolved';
    if (lastVisitorSeq(messages) > offer.seq || (offer.resolved && !resolved)) {
      deps.tab.set(KEY, { ...offer, withdrawn: true } satisfies Offer);
      return true;
    }
    // Offered before the resolve (idle, panel closed): it now stands for the resolve too.
    if (resolved && !offer.resolved) deps.tab.set(KEY, { ...offer, resolved: true } satisfies Offer);
    return false;
  }

  /** An end offers the rating now; after an answer, the idle wait (re)starts. */
  function check() {
    clearTimeout(idleTimer);
    if (!conversation || (offeredFor(conversation.id) && !withdrawn(conversation))) return;
    if (!answered(messages)) return;
    const last = messages.filter((m) => m.type === 'message').at(-1);
    const visitorLast = messages.at(-1)?.role === 'user';
    // Resolved after the visitor's last word (the visitor's message that reopens it arrives before
    // the reopen itself). Rated: thanks shown, unless the conversation went on after the rating.
    if (conversation.status === 'resolved' && !visitorLast) return offer();
    if (typeof conversation.rating === 'number' && !stored(conversation.id)?.withdrawn) return offer();
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
