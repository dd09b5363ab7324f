// The team feed (docs/operators.md "Team feed"): one WebSocket per open project, authenticated by the
// session cookie. It carries what happens live: messages (with their per-conversation seq),
// conversation changes, escalations, typing and who is online. After a drop it reconnects with
// backoff and resumes: the hello names the last seq known of each conversation, the welcome brings
// what was missed, and listeners get a `resync` to reload anything else (list order, statuses).
// Close codes (shared/close-codes.ts): a session that ended sends the console to sign-in; a refused
// or deleted project stops the retries.
import { signal } from '@preact/signals';
import type { OnlineMember, TeamClientFrame, TeamServerFrame } from '../../shared/team-protocol.js';
import { CLOSE_CODES } from '../../shared/close-codes.js';
import { sessionLost } from './api.js';
import { endpoints } from './endpoints.js';

const REFUSED = new Set<number>([CLOSE_CODES.forbidden, CLOSE_CODES.notFound, CLOSE_CODES.permissionRevoked, CLOSE_CODES.projectGone]);

export type FeedEvent = TeamServerFrame | { type: 'resync' };
type Listener = (event: FeedEvent) => void;

export const feedStatus = signal<'offline' | 'connecting' | 'live'>('offline');
export const onlineMembers = signal<OnlineMember[]>([]);

const listeners = new Set<Listener>();
const lastSeq = new Map<string, number>();
let socket: WebSocket | null = null;
let projectId: string | null = null;
let attempt = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let pingTimer: ReturnType<typeof setInterval> | undefined;

export function onFeed(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const emit = (event: FeedEvent) => {
  for (const listener of [...listeners]) listener(event);
};

/** Remembers the newest seq the console has of a conversation (for resume after a reconnect). */
export function trackSeq(conversationId: string, seq: number) {
  if (seq > (lastSeq.get(conversationId) ?? -1)) lastSeq.set(conversationId, seq);
}

function send(frame: TeamClientFrame) {
  if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame));
}

export function sendTyping(conversationId: string, typing: boolean) {
  send({ type: 'typing', conversation_id: conversationId, typing });
}

function open() {
  if (!projectId) return;
  const url = `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${endpoints.teamSocket}`;
  const ws = new WebSocket(url);
  socket = ws;
  feedStatus.value = 'connecting';
  const resumed = attempt > 0;
  ws.onopen = () => {
    const resume = [...lastSeq].slice(-200).map(([conversation_id, last_seq]) => ({ conversation_id, last_seq }));
    send({ type: 'team.hello', v: 1, project_id: projectId!, ...(resume.length ? { resume } : {}) });
    pingTimer = setInterval(() => send({ type: 'ping' }), 25_000);
  };
  ws.onmessage = (e) => {
    let frame: TeamServerFrame;
    try {
      frame = JSON.parse(String(e.data)) as TeamServerFrame;
    } catch {
      return;
    }
    if (frame.type === 'team.welcome') {
      attempt = 0;
      feedStatus.value = 'live';
      onlineMembers.value = frame.online;
      for (const message of frame.missed) emit({ type: 'message.created', conversation_id: message.conversation_id, seq: message.seq, message });
      if (resumed) emit({ type: 'resync' });
      return;
    }
    if (frame.type === 'presence') onlineMembers.value = frame.online;
    if (frame.type === 'message.created') trackSeq(frame.conversation_id, frame.seq);
    emit(frame);
  };
  ws.onclose = (e) => {
    clearInterval(pingTimer);
    if (socket !== ws) return;
    socket = null;
    feedStatus.value = 'offline';
    if (!projectId) return;
    // The session is gone (signed out elsewhere, removed, password changed): the sign-in page, as
    // after a 401. A refusal of this project (role, deleted project, origin) does not heal by retrying.
    if (e.code === CLOSE_CODES.unauthorized || e.code === CLOSE_CODES.revoked) return void (sessionLost.value = true);
    if (REFUSED.has(e.code)) return;
    attempt += 1;
    const delay = Math.min(10_000, 500 * 2 ** Math.min(attempt, 5)) * (0.75 + Math.random() / 2);
    retryTimer = setTimeout(open, delay);
  };
}

export function connectFeed(id: string) {
  if (projectId === id && socket) return;
  disconnectFeed();
  projectId = id;
  attempt = 0;
  open();
}

export function disconnectFeed() {
  projectId = null;
  clearTimeout(retryTimer);
  lastSeq.clear();
  const ws = socket;
  socket = null;
  ws?.close();
  feedStatus.value = 'offline';
  onlineMembers.value = [];
}
