// The chat model (DESIGN.md section 8: components read a model; only the model talks to the
// transport). It owns the conversation state, the outbox and the tokens, turns server frames into
// state, and tells the host page about events. Components subscribe and re-render on change.
import type { HelloFrame, ServerFrame, WidgetChannelConfig } from '../../shared/protocol.js';
import type { Conversation, Message } from '../../shared/schemas/entities.js';
import type { CookieMode, IdentifyData, PageContext, WidgetEventMap } from '../bridge.js';
import type { Socket, SocketOptions, SocketState } from '../transport/socket.js';
import { createOutbox, type PendingMessage } from '../transport/outbox.js';
import type { Tokens, TokenStore } from '../platform/cookies.js';
import type { TabStore } from '../platform/storage.js';
import { mergeMessages, unreadAfter } from './messages.js';

/** Checked against the shared type, so a protocol bump is a compile error here, without importing the validator. */
const PROTOCOL_VERSION: HelloFrame['v'] = 1;

/** Error codes after which reconnecting cannot help; the server also closes with 4003/4004. */
const FATAL = new Set(['not_found', 'origin_not_allowed']);

export type Connection = 'connecting' | 'online' | 'offline';

export interface ChatState {
  connection: Connection;
  /** Milliseconds until the next reconnect attempt while offline. */
  retryInMs: number | null;
  /** Welcomed at least once: the channel config is known. */
  ready: boolean;
  channel: WidgetChannelConfig | null;
  conversation: Conversation | null;
  messages: Message[];
  pending: PendingMessage[];
  stream: { id: string; text: string } | null;
  typing: 'assistant' | 'operator' | null;
  unread: number;
  open: boolean;
  notice: { error: string; message: string } | null;
  /** The visitor's answers to offer_handoff messages, by message id (spec 2.9). */
  handoff: Record<string, 'accepted' | 'declined'>;
}

export interface ModelDeps {
  frameId: string;
  tokens: TokenStore;
  tab: TabStore;
  connect(handlers: Pick<SocketOptions, 'onOpen' | 'onFrame' | 'onState'>): Socket;
  emit<E extends keyof WidgetEventMap>(event: E, payload: WidgetEventMap[E]): void;
  page(): PageContext | undefined;
  locales(): string[];
  /** Whether the visitor can see the panel right now (open and the tab visible). */
  visible(open: boolean): boolean;
}

export function createChatModel(deps: ModelDeps) {
  const outbox = createOutbox(deps.tab);
  let socket: Socket | null = null;
  let inflight = new Set<string>();
  let welcomed = false;
  let readSeq = deps.tab.get<number>('read');
  let page = deps.page();
  let typingSentAt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  /**
   * Until when the server asked us to hold messages (rate_limit_exceeded, retry_after). Nothing is
   * sent before then, so a message typed meanwhile cannot overtake the refused ones or be refused too.
   */
  let holdUntil = 0;
  /** The site's identify() data (issue 5), re-sent after every welcome: a new connection starts unbound. */
  let identity: IdentifyData | null = null;
  /**
   * logout() before the first welcome (typically queued on the site's signed-out page): the old
   * tokens, kept only to say one hello with them so the server can revoke that session and retire
   * the device. The welcome that answers is ignored; the one after identity.logout starts afresh.
   */
  let retiring: Tokens | null = null;
  /** The site's visitor attributes (Parley('update', {attributes})), re-sent after every welcome for the same reason. */
  let attributes: Record<string, string | number | boolean | null> = {};
  const sendPage = () => page && socket?.send({ type: 'page.update', page, ...(Object.keys(attributes).length ? { attributes } : {}) });
  const listeners = new Set<() => void>();

  let state: ChatState = {
    connection: 'connecting',
    retryInMs: null,
    ready: false,
    channel: null,
    conversation: null,
    messages: [],
    pending: outbox.items(),
    stream: null,
    typing: null,
    unread: 0,
    open: false,
    notice: null,
    handoff: deps.tab.get<Record<string, 'accepted' | 'declined'>>('handoff') ?? {},
  };

  function set(patch: Partial<ChatState>) {
    const before = state.unread;
    state = { ...state, ...patch, pending: outbox.items() };
    if (state.unread !== before) deps.emit('unread_count', { frame_id: deps.frameId, count: state.unread });
    for (const fn of listeners) fn();
  }

  const lastSeq = () => state.messages.reduce((max, m) => Math.max(max, m.seq), 0);
  const conversationId = () => state.conversation?.id ?? deps.tab.get<string>('conversation');

  function markRead() {
    if (!deps.visible(state.open)) return;
    readSeq = lastSeq();
    deps.tab.set('read', readSeq);
    if (state.unread) set({ unread: 0 });
  }

  function setMessages(messages: Message[], extra: Partial<ChatState> = {}) {
    outbox.remove(messages.map((m) => m.client_id));
    set({ messages, unread: unreadAfter(messages, readSeq ?? 0), ...extra });
    markRead();
  }

  function flush() {
    if (!socket || !welcomed || Date.now() < holdUntil) return;
    for (const item of outbox.items()) {
      if (item.state !== 'queued' || inflight.has(item.client_id)) continue;
      const conversation_id = conversationId();
      // The first message starts the conversation: later ones wait for its ack and the new id.
      if (!conversation_id && inflight.size > 0) return;
      const frame = { type: 'message.send' as const, client_id: item.client_id, content: item.content, ...(conversation_id ? { conversation_id } : {}) };
      if (!socket.send(frame)) return;
      inflight.add(item.client_id);
      if (!conversation_id) return;
    }
  }

  function hello() {
    const tokens = retiring ?? deps.tokens.all();
    const cid = retiring ? undefined : conversationId();
    socket?.send({
      type: 'session.hello',
      v: PROTOCOL_VERSION,
      frame_id: deps.frameId,
      ...(tokens.device ? { device_token: tokens.device } : {}),
      ...(tokens.user ? { user_token: tokens.user } : {}),
      ...(tokens.session ? { session_token: tokens.session } : {}),
      ...(cid ? { conversation_id: cid, last_seq: state.conversation?.id === cid ? lastSeq() : 0 } : {}),
      ...(page ? { page } : {}),
      locales: deps.locales().slice(0, 10),
    });
  }

  function setConversation(conversation: Conversation | null) {
    if (conversation) deps.tab.set('conversation', conversation.id);
    else deps.tab.remove('conversation');
    return conversation;
  }

  function onFrame(frame: ServerFrame) {
    switch (frame.type) {
      case 'session.welcome': {
        if (retiring) {
          retiring = null;
          socket?.send({ type: 'identity.logout' });
          return;
        }
        deps.tokens.set({ device: frame.device_token, user: frame.user_token ?? undefined, session: frame.session_token ?? undefined });
        deps.tokens.setSessionDays(frame.channel.session_ttl_days);
        const known = state.conversation?.id;
        const conversation = setConversation(frame.conversation);
        const same = conversation && conversation.id === known;
        const messages = mergeMessages(same ? state.messages : [], frame.messages);
        // First welcome in this tab: history the visitor saw before is read, only later messages count.
        if (readSeq === undefined) readSeq = messages.reduce((max, m) => Math.max(max, m.seq), 0);
        welcomed = true;
        inflight = new Set();
        if (identity) socket?.send({ type: 'identity.identify', ...identity });
        if (Object.keys(attributes).length) sendPage();
        socket?.healthy();
        setMessages(messages, { channel: frame.channel, conversation, ready: true, connection: 'online', retryInMs: null, notice: null, stream: null, typing: null });
        flush();
        return;
      }
      case 'session.tokens':
        deps.tokens.set({ user: frame.user_token, session: frame.session_token });
        return;
      case 'message.ack': {
        inflight.delete(frame.client_id);
        outbox.remove([frame.client_id]);
        const conversation = setConversation(frame.conversation);
        // A delivered message ends a "too many requests" notice: the queue is moving again.
        const notice = state.notice?.error === 'rate_limit_exceeded' && !outbox.items().length ? null : state.notice;
        setMessages(mergeMessages(state.messages, [frame.message]), { conversation, notice });
        flush();
        return;
      }
      case 'message.created': {
        if (frame.conversation_id !== state.conversation?.id) return;
        const isNew = !state.messages.some((m) => m.id === frame.message.id);
        const assistant = frame.message.role === 'assistant';
        setMessages(mergeMessages(state.messages, [frame.message]), {
          ...(assistant ? { stream: null } : {}),
          ...(frame.message.role !== 'user' ? { typing: null } : {}),
        });
        if (isNew) deps.emit('message', { frame_id: deps.frameId, message: frame.message });
        return;
      }
      case 'message.delta':
        if (frame.conversation_id !== state.conversation?.id) return;
        set({ stream: { id: frame.stream_id, text: (state.stream?.id === frame.stream_id ? state.stream.text : '') + frame.delta }, typing: null });
        return;
      case 'typing':
        if (frame.conversation_id === state.conversation?.id) set({ typing: frame.typing ? frame.role : null });
        return;
      case 'conversation.updated':
        if (frame.conversation.id === state.conversation?.id) set({ conversation: frame.conversation });
        return;
      case 'error':
        onError(frame);
        return;
      default:
        return;
    }
  }

  function onError(frame: Extract<ServerFrame, { type: 'error' }>) {
    const notice = { error: frame.error, message: frame.message };
    if (frame.client_id) {
      inflight.delete(frame.client_id);
      if (frame.error === 'rate_limit_exceeded') {
        // Keep it queued and try again when the server says we may.
        const wait = Math.max(1, frame.retry_after ?? 5) * 1000;
        holdUntil = Date.now() + wait;
        clearTimeout(retryTimer);
        retryTimer = setTimeout(() => {
          holdUntil = 0;
          flush();
        }, wait);
      } else outbox.mark(frame.client_id, 'failed', frame.error); // the code: the view words it in the visitor's language
      set({ notice });
      return;
    }
    // Before the welcome: our stored tokens were refused (the server continues with a new anonymous
    // visitor) or the conversation we asked for is not ours any more. Forget them; the welcome follows.
    if (!welcomed && (frame.error === 'invalid_token' || frame.error === 'forbidden')) {
      if (frame.error === 'invalid_token') deps.tokens.clear(['user', 'session']);
      setConversation(null);
      set({ conversation: null, messages: [] });
      return;
    }
    if (!welcomed && FATAL.has(frame.error)) {
      set({ notice, retryInMs: null });
      return;
    }
    if (frame.error === 'rate_limit_exceeded' && !welcomed) socket?.drop(Math.max(1, frame.retry_after ?? 5) * 1000);
    set({ notice });
  }

  function onState(s: SocketState, retryInMs?: number) {
    if (s === 'open') return hello();
    if (s === 'waiting' || s === 'closed') {
      welcomed = false;
      inflight = new Set();
    }
    const connection: Connection = s === 'connecting' ? 'connecting' : 'offline';
    set({ connection, retryInMs: s === 'waiting' ? (retryInMs ?? null) : null, stream: null, typing: null });
  }

  return {
    get state() {
      return state;
    },
    subscribe(fn: () => void) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    /** Opens the connection (lazily: the launcher starts it on open or for a returning visitor). */
    start() {
      if (socket) return;
      socket = deps.connect({ onOpen: () => {}, onFrame, onState });
    },
    get started() {
      return socket !== null;
    },
    /** A returning visitor (tokens, a conversation or unsent messages) gets connected at once. */
    hasHistory: () => Boolean(deps.tokens.get('session') || conversationId() || outbox.items().length),
    send(text: string) {
      const content = text.trim();
      if (!content) return;
      outbox.add(content.slice(0, 10_000));
      deps.tokens.refresh();
      // A "too many messages" notice stays while we hold: this message waits behind the others.
      set({ notice: Date.now() < holdUntil ? state.notice : null });
      this.start();
      flush();
    },
    retry(clientId: string) {
      outbox.mark(clientId, 'queued');
      set({});
      flush();
    },
    discard(clientId: string) {
      outbox.remove([clientId]);
      set({});
    },
    reconnect: () => socket?.reconnect(),
    typing(active: boolean) {
      const id = state.conversation?.id;
      if (!id || !socket) return;
      const t = Date.now();
      if (active && t - typingSentAt < 3000) return;
      typingSentAt = active ? t : 0;
      socket.send({ type: 'typing', conversation_id: id, typing: active });
    },
    rate(rating: number, feedback?: string) {
      const id = state.conversation?.id;
      if (!id || !socket) return false;
      deps.tokens.refresh();
      return socket.send({ type: 'conversation.rate', conversation_id: id, rating, ...(feedback?.trim() ? { feedback: feedback.trim().slice(0, 2000) } : {}) });
    },
    respondHandoff(messageId: string, accept: boolean) {
      const id = state.conversation?.id;
      if (!id || !socket?.send({ type: 'handoff.respond', conversation_id: id, accept })) return;
      const handoff = { ...state.handoff, [messageId]: accept ? ('accepted' as const) : ('declined' as const) };
      deps.tab.set('handoff', handoff);
      set({ handoff });
    },
    setOpen(open: boolean) {
      if (open === state.open) return;
      set({ open });
      if (open) this.start();
      markRead();
    },
    /** The tab became visible again: what is on screen is read. */
    seen: markRead,
    updatePage(next: PageContext) {
      page = next;
      if (welcomed) sendPage();
    },
    /**
     * Visitor attributes from the site. Only what the protocol accepts (flat values, simple keys, 50 at
     * most) is kept, so one odd key does not get the whole update refused.
     */
    setAttributes(next: Record<string, unknown>) {
      for (const [k, val] of Object.entries(next ?? {})) {
        const flat = val === null || ['string', 'number', 'boolean'].includes(typeof val);
        if (!flat || !/^[A-Za-z0-9_.:-]{1,64}$/.test(k) || (!(k in attributes) && Object.keys(attributes).length >= 50)) continue;
        attributes[k] = typeof val === 'string' ? val.slice(0, 1000) : (val as number | boolean | null);
      }
      if (welcomed) sendPage();
    },
    /** Verified identity (spec 2.4): values plus the site backend's signatures or JWT. */
    identify(data: IdentifyData) {
      // Only the protocol's fields: the server refuses a frame with unknown ones.
      const keys = ['email', 'phone', 'external_id', 'email_signature', 'phone_signature', 'external_id_signature', 'jwt', 'first_name', 'last_name'] as const;
      identity = {};
      for (const k of keys) if (typeof data?.[k] === 'string' && data[k]) identity[k] = data[k];
      if (welcomed) socket?.send({ type: 'identity.identify', ...identity });
      else this.start();
    },
    /** logout() (issue 5): the server revokes the session and rotates the device; we forget everything. */
    logout() {
      identity = null;
      if (welcomed) socket?.send({ type: 'identity.logout' });
      else if (deps.tokens.get('device')) {
        retiring = deps.tokens.all();
        this.start();
      }
      deps.tokens.clear();
      for (const key of ['conversation', 'read', 'handoff']) deps.tab.remove(key);
      outbox.remove(outbox.items().map((p) => p.client_id));
      readSeq = undefined;
      set({ conversation: null, messages: [], stream: null, typing: null, unread: 0, notice: null, handoff: {} });
    },
    /** What a voice upload needs: the gateway's visitor tokens (null before the first welcome). */
    voiceAuth() {
      const t = deps.tokens.all();
      return t.device ? { deviceToken: t.device, sessionToken: t.session, conversationId: state.conversation?.id } : null;
    },
    setCookieMode(mode: CookieMode) {
      deps.tokens.setMode(mode);
      deps.tab.setPersistent(mode === 'persistent');
      outbox.persist();
    },
    destroy() {
      clearTimeout(retryTimer);
      socket?.close();
      socket = null;
      listeners.clear();
    },
  };
}

export type ChatModel = ReturnType<typeof createChatModel>;
