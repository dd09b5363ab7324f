// The chat model (docs/architecture.md section 8: components read a model; only the model talks to the
// transport). It turns server frames into conversation state and tells the host page about events;
// message delivery (model/delivery.ts), what the site says about its visitor (model/identity.ts) and
// when to ask for a rating (model/rating.ts) live in their own modules. Components subscribe and
// re-render on change.
import type { ServerFrame } from '../../shared/protocol.js';
import type { Conversation, Message } from '../../shared/schemas/entities.js';
import type { CookieMode, IdentifyData, PageContext } from '../bridge.js';
import type { Socket, SocketState } from '../transport/socket.js';
import { mergeMessages, unreadAfter } from './messages.js';
import { createDelivery } from './model/delivery.js';
import { createVisitorIdentity } from './model/identity.js';
import { createRatingOffer, IDLE_RATING_MS } from './model/rating.js';
import { helloFrame } from './model/hello.js';
import { initialState, type ChatState, type Connection, type ModelDeps } from './model/types.js';

export type { ChatState, Connection, ModelDeps } from './model/types.js';

/** Error codes after which reconnecting cannot help; the server also closes with 4003/4004. */
const FATAL = new Set(['not_found', 'origin_not_allowed']);

export function createChatModel(deps: ModelDeps) {
  let socket: Socket | null = null;
  let welcomed = false;
  let readSeq = deps.tab.get<number>('read');
  let page = deps.page();
  let typingSentAt = 0;
  /** The socket is reconnecting to take up a session made over HTTP (fileStarted): not an outage to show. */
  let switching = false;
  const listeners = new Set<() => void>();
  const visitor = createVisitorIdentity();
  const conversationId = () => state.conversation?.id ?? deps.tab.get<string>('conversation');
  const delivery = createDelivery({ tab: deps.tab, socket: () => (welcomed ? socket : null), conversationId, onHold: (hold) => set({ hold }) });
  const rating = createRatingOffer({ tab: deps.tab, idleMs: deps.idleRatingMs ?? IDLE_RATING_MS, onOffer: () => set({ rateOffered: true }) });
  const sendPage = () => page && socket?.send({ type: 'page.update', page, ...(visitor.hasAttributes() ? { attributes: visitor.attributes() } : {}) });

  let state: ChatState = initialState(delivery.items(), deps.tab.get<ChatState['handoff']>('handoff') ?? {});

  function set(patch: Partial<ChatState>) {
    const before = state.unread;
    state = { ...state, ...patch, pending: delivery.items() };
    rating.update(state.conversation, state.messages);
    state.rateOffered = rating.offered(state.conversation);
    if (state.unread !== before) deps.emit('unread_count', { frame_id: deps.frameId, count: state.unread });
    for (const fn of listeners) fn();
  }

  const lastSeq = () => state.messages.reduce((max, m) => Math.max(max, m.seq), 0);

  function markRead() {
    if (!deps.visible(state.open)) return;
    readSeq = lastSeq();
    deps.tab.set('read', readSeq);
    if (state.unread) set({ unread: 0 });
  }

  function setMessages(messages: Message[], extra: Partial<ChatState> = {}) {
    delivery.remove(messages.map((m) => m.client_id));
    // Read before counting while the visitor sees the panel: the host hears no 'unread' 1 then 0
    // for a message that was shown at once.
    if (deps.visible(state.open)) {
      readSeq = messages.reduce((max, m) => Math.max(max, m.seq), 0);
      deps.tab.set('read', readSeq);
    }
    set({ messages, unread: unreadAfter(messages, readSeq ?? 0), ...extra });
  }

  function hello() {
    const cid = visitor.retiring ? undefined : conversationId();
    const resume = cid ? { conversation_id: cid, last_seq: state.conversation?.id === cid ? lastSeq() : 0 } : null;
    socket?.send(helloFrame(deps.frameId, visitor.retiring ?? deps.tokens.all(), resume, page, deps.locales()));
  }

  function setConversation(conversation: Conversation | null) {
    if (conversation) deps.tab.set('conversation', conversation.id);
    else deps.tab.remove('conversation');
    return conversation;
  }

  function welcome(frame: Extract<ServerFrame, { type: 'session.welcome' }>) {
    switching = false;
    if (visitor.endRetiring()) return void socket?.send({ type: 'identity.logout' });
    deps.tokens.set({ device: frame.device_token, user: frame.user_token ?? undefined, session: frame.session_token ?? undefined });
    deps.tokens.setSessionDays(frame.channel.session_ttl_days);
    const known = state.conversation?.id;
    const conversation = setConversation(frame.conversation);
    const same = conversation && conversation.id === known;
    const messages = mergeMessages(same ? state.messages : [], frame.messages);
    // First welcome in this tab: history the visitor saw before is read, only later messages count.
    if (readSeq === undefined) readSeq = messages.reduce((max, m) => Math.max(max, m.seq), 0);
    welcomed = true;
    delivery.resetInflight();
    const identify = visitor.identifyFrame();
    if (identify) socket?.send(identify);
    if (visitor.hasAttributes()) sendPage();
    socket?.healthy();
    setMessages(messages, { channel: frame.channel, conversation, ready: true, connection: 'online', retryInMs: null, notice: null, stream: null, typing: null, toolCalls: frame.tool_calls ?? [] });
    delivery.flush();
  }

  function onFrame(frame: ServerFrame) {
    switch (frame.type) {
      case 'session.welcome':
        return welcome(frame);
      case 'session.tokens':
        return deps.tokens.set({ user: frame.user_token, session: frame.session_token });
      case 'message.ack': {
        delivery.remove([frame.client_id]);
        const conversation = setConversation(frame.conversation);
        // The ack is where this tab learns its message is stored (the server sends the sender no
        // message.created of it): the host hears of it here, once.
        const isNew = !state.messages.some((m) => m.id === frame.message.id);
        // A delivered message ends a "too many requests" notice: the queue is moving again.
        const notice = state.notice?.error === 'rate_limit_exceeded' && !delivery.items().length ? null : state.notice;
        setMessages(mergeMessages(state.messages, [frame.message]), { conversation, notice });
        if (isNew) deps.emit('message', { frame_id: deps.frameId, message: frame.message });
        return delivery.flush();
      }
      case 'message.created': {
        if (frame.conversation_id !== state.conversation?.id) return;
        const isNew = !state.messages.some((m) => m.id === frame.message.id);
        setMessages(mergeMessages(state.messages, [frame.message]), {
          ...(frame.message.role === 'assistant' ? { stream: null } : {}),
          ...(frame.message.role !== 'user' ? { typing: null } : {}),
        });
        if (isNew) deps.emit('message', { frame_id: deps.frameId, message: frame.message });
        return;
      }
      case 'message.delta':
        if (frame.conversation_id !== state.conversation?.id) return;
        return set({ stream: { id: frame.stream_id, text: (state.stream?.id === frame.stream_id ? state.stream.text : '') + frame.delta }, typing: null });
      case 'typing':
        if (frame.conversation_id === state.conversation?.id) set({ typing: frame.typing ? frame.role : null });
        return;
      case 'conversation.updated':
        // A team member took over: the AI's answer in progress was dropped on the server, so its stream goes too.
        if (frame.conversation.id === state.conversation?.id) set({ conversation: frame.conversation, ...(frame.conversation.operator_active ? { stream: null } : {}) });
        return;
      case 'tool_call.updated': {
        // A call waiting for approval shows a card; answered or expired, the card goes.
        const call = frame.tool_call;
        if (call.conversation_id !== state.conversation?.id) return;
        const others = state.toolCalls.filter((c) => c.id !== call.id);
        return set({ toolCalls: call.approval === 'pending' ? [...others, call] : others });
      }
      case 'error':
        return onError(frame);
      default:
        return;
    }
  }

  function onError(frame: Extract<ServerFrame, { type: 'error' }>) {
    const notice = { error: frame.error, message: frame.message };
    if (frame.client_id) {
      delivery.refused(frame.client_id, frame.error, frame.retry_after);
      return set({ notice });
    }
    // Before the welcome: our stored tokens were refused (the server continues with a new anonymous
    // visitor) or the conversation we asked for is not ours any more. Forget them; the welcome follows.
    // After it, invalid_token means the session was revoked in another tab (a logout there): the
    // server closes with 4401 and the reconnect starts over as a new visitor, not on the old tokens.
    if (frame.error === 'invalid_token' || (!welcomed && frame.error === 'forbidden')) {
      if (frame.error === 'invalid_token') deps.tokens.clear(['user', 'session']);
      setConversation(null);
      return set({ conversation: null, messages: [], toolCalls: [] });
    }
    if (!welcomed && FATAL.has(frame.error)) {
      // The site owner, not the visitor, can fix this: tell them once, in the page's console.
      if (frame.error === 'origin_not_allowed') {
        console.error(
          `Parley: chat is not available on ${location.origin}: this origin is not in the allowed origins of widget ${deps.frameId}. ` +
            `Add ${location.origin} to the channel's allowed origins in the team console (Channels), or with PATCH /v1/projects/{project_id}/channels/{channel_id}.`,
        );
      }
      return set({ notice, retryInMs: null, unavailable: true });
    }
    if (frame.error === 'rate_limit_exceeded' && !welcomed) socket?.drop(Math.max(1, frame.retry_after ?? 5) * 1000);
    set({ notice });
  }

  function onState(s: SocketState, retryInMs?: number) {
    if (s === 'open') return hello();
    if (s === 'waiting' || s === 'closed') {
      welcomed = false;
      delivery.resetInflight();
    }
    if (switching && s !== 'closed') return;
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
    hasHistory: () => Boolean(deps.tokens.get('session') || conversationId() || delivery.items().length),
    send(text: string) {
      const content = text.trim();
      if (!content) return;
      delivery.add(content);
      deps.tokens.refresh();
      // A "too many messages" notice stays while we hold: this message waits behind the others.
      set({ notice: delivery.holding() ? state.notice : null });
      this.start();
      delivery.flush();
    },
    /**
     * The menu's "Talk to a person" (docs/operators.md "Handover"): `text` (the visitor's words, in
     * their language) is sent as their message, marked so the server puts the conversation in the
     * team's queue instead of asking the AI. Delivered like any message, so it survives a reconnect.
     */
    askForPerson(text: string) {
      delivery.add(text, true);
      deps.tokens.refresh();
      set({});
      this.start();
      delivery.flush();
    },
    retry(clientId: string) {
      delivery.retry(clientId);
      set({});
      delivery.flush();
    },
    discard(clientId: string) {
      delivery.remove([clientId]);
      set({});
    },
    reconnect: () => socket?.reconnect(),
    typing(active: boolean) {
      if (active) rating.active();
      const id = state.conversation?.id;
      if (!id || !socket) return;
      const t = Date.now();
      if (active && t - typingSentAt < 3000) return;
      typingSentAt = active ? t : 0;
      socket.send({ type: 'typing', conversation_id: id, typing: active });
    },
    rate(stars: number, feedback?: string) {
      const id = state.conversation?.id;
      if (!id || !socket) return false;
      deps.tokens.refresh();
      return socket.send({ type: 'conversation.rate', conversation_id: id, rating: stars, ...(feedback?.trim() ? { feedback: feedback.trim().slice(0, 2000) } : {}) });
    },
    /** The e-mail asked for when a handoff found nobody of the team online (docs/operators.md). */
    leaveContact(email: string) {
      const id = state.conversation?.id;
      return Boolean(id && socket?.send({ type: 'contact.leave', conversation_id: id, email: email.trim() }));
    },
    respondHandoff(messageId: string, accept: boolean) {
      const id = state.conversation?.id;
      if (!id || !socket?.send({ type: 'handoff.respond', conversation_id: id, accept })) return;
      const handoff = { ...state.handoff, [messageId]: accept ? ('accepted' as const) : ('declined' as const) };
      deps.tab.set('handoff', handoff);
      set({ handoff });
    },
    /** The visitor's answer to an external tool call (spec 2.9); the card goes at once. */
    answerToolCall(callId: string, approve: boolean) {
      const id = state.conversation?.id;
      if (!id || !socket?.send({ type: 'tool_call.answer', conversation_id: id, call_id: callId, approve })) return;
      set({ toolCalls: state.toolCalls.filter((c) => c.id !== callId) });
    },
    setOpen(open: boolean) {
      if (open === state.open) return;
      if (!open) rating.closed();
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
    setAttributes(next: Record<string, unknown>) {
      visitor.setAttributes(next);
      if (welcomed) sendPage();
    },
    /** Verified identity (spec 2.4): values plus the site backend's signatures or JWT. */
    identify(data: IdentifyData) {
      visitor.setIdentity(data);
      const frame = visitor.identifyFrame();
      if (welcomed && frame) socket?.send(frame);
      else this.start();
    },
    /** logout() (spec 2.4): the server revokes the session and rotates the device; we forget everything. */
    logout() {
      visitor.forget();
      if (welcomed) socket?.send({ type: 'identity.logout' });
      else if (deps.tokens.get('device')) {
        visitor.retire(deps.tokens.all());
        this.start();
      }
      deps.tokens.clear();
      for (const key of ['conversation', 'read', 'handoff']) deps.tab.remove(key);
      rating.forget();
      delivery.clear();
      readSeq = undefined;
      set({ conversation: null, messages: [], stream: null, typing: null, unread: 0, notice: null, handoff: {}, toolCalls: [] });
    },
    /**
     * A file sent before the first message started the conversation (docs/attachments.md "In the
     * widget"): the answer has it with the new session's tokens. Shown at once; the socket then
     * reconnects quietly to say hello with the session, which subscribes it to the conversation.
     */
    fileStarted(result: { message: Message; conversation?: Conversation; user_token?: string; session_token?: string }) {
      if (!result.conversation || !result.session_token) return;
      deps.tokens.set({ user: result.user_token, session: result.session_token });
      const conversation = setConversation(result.conversation);
      setMessages(mergeMessages(state.messages, [result.message]), { conversation });
      deps.emit('message', { frame_id: deps.frameId, message: result.message });
      if (!socket) return;
      switching = true;
      socket.drop(0);
    },
    /** What a voice upload needs: the gateway's visitor tokens (null before the first welcome). */
    voiceAuth() {
      const t = deps.tokens.all();
      return t.device ? { deviceToken: t.device, sessionToken: t.session, conversationId: state.conversation?.id } : null;
    },
    setCookieMode(mode: CookieMode) {
      deps.tokens.setMode(mode);
      deps.tab.setPersistent(mode === 'persistent');
      delivery.persist();
    },
    destroy() {
      delivery.destroy();
      rating.destroy();
      socket?.close();
      socket = null;
      listeners.clear();
    },
  };
}

export type ChatModel = ReturnType<typeof createChatModel>;
