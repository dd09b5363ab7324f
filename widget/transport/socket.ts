// One WebSocket to BASE_URL/v1/widget/ws (docs/architecture.md section 5) that keeps itself connected:
// reconnects with backoff + jitter, reconnects at once when the browser comes back online or the tab
// becomes visible, and detects dead connections with a ping the server answers with pong. It knows
// nothing about chat: the model sends frames and reads frames.
import type { ClientFrame, ServerFrame } from '../../shared/protocol.js';
import { createBackoff } from './backoff.js';
import { CLOSE_CODES } from '../../shared/close-codes.js';

const FINAL = new Set<number>([CLOSE_CODES.forbidden, CLOSE_CODES.notFound, CLOSE_CODES.projectGone]);

export type SocketState = 'connecting' | 'open' | 'waiting' | 'closed';

export interface SocketOptions {
  url: string;
  onOpen(): void;
  onFrame(frame: ServerFrame): void;
  onState(state: SocketState, retryInMs?: number): void;
  /** Test seam for the constructor only; production uses the browser's WebSocket. */
  WebSocketImpl?: typeof WebSocket;
  pingEveryMs?: number;
}

export interface Socket {
  send(frame: ClientFrame): boolean;
  /** Reconnect now (e.g. the visitor pressed "retry"), skipping the backoff wait. */
  reconnect(): void;
  /** Drop the current connection and reconnect later with backoff (server asked us to back off). */
  drop(delayMs?: number): void;
  /** The server welcomed us: the connection really works, so the next outage starts a fresh backoff. */
  healthy(): void;
  close(): void;
}

export function createSocket(opts: SocketOptions): Socket {
  const WS = opts.WebSocketImpl ?? WebSocket;
  const backoff = createBackoff();
  const pingEvery = opts.pingEveryMs ?? 25_000;
  let ws: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let lastSeen = 0;
  let stopped = false;

  const clearTimers = () => {
    clearTimeout(timer);
    clearInterval(pingTimer);
  };

  function connect() {
    clearTimers();
    if (stopped) return;
    opts.onState('connecting');
    let socket: WebSocket;
    try {
      socket = new WS(opts.url);
    } catch {
      schedule();
      return;
    }
    ws = socket;
    socket.onopen = () => {
      lastSeen = Date.now();
      opts.onState('open');
      opts.onOpen();
      pingTimer = setInterval(() => {
        // No frame for two ping periods: the connection is dead even if the browser has not noticed.
        if (Date.now() - lastSeen > pingEvery * 2) socket.close();
        else send({ type: 'ping' });
      }, pingEvery);
    };
    socket.onmessage = (event) => {
      lastSeen = Date.now();
      let frame: ServerFrame;
      try {
        frame = JSON.parse(String(event.data)) as ServerFrame;
      } catch {
        return;
      }
      if (frame && typeof frame.type === 'string') opts.onFrame(frame);
    };
    socket.onclose = (event) => {
      if (ws !== socket) return;
      ws = null;
      clearTimers();
      // The server refused this page for good (4003 origin not allowed, 4004 unknown frame id, 4404
      // project deleted): retrying cannot help, so stop instead of hammering it. A revoked visitor
      // session (4401) reconnects: the model dropped the refused tokens, so it comes back as a new visitor.
      if (FINAL.has(event.code)) stopped = true;
      schedule();
    };
    socket.onerror = () => socket.close();
  }

  function schedule(delay = backoff.next()) {
    if (stopped) return opts.onState('closed');
    opts.onState('waiting', delay);
    clearTimeout(timer);
    timer = setTimeout(connect, delay);
  }

  function send(frame: ClientFrame): boolean {
    if (!ws || ws.readyState !== 1) return false;
    ws.send(JSON.stringify(frame));
    return true;
  }

  const wake = () => {
    if (!ws && !stopped && document.visibilityState !== 'hidden') connect();
  };
  window.addEventListener('online', wake);
  document.addEventListener('visibilitychange', wake);

  connect();
  return {
    send,
    reconnect() {
      backoff.reset();
      if (!ws) connect();
    },
    drop(delayMs) {
      const old = ws;
      ws = null;
      old?.close();
      clearTimers();
      schedule(delayMs);
    },
    close() {
      stopped = true;
      clearTimers();
      window.removeEventListener('online', wake);
      document.removeEventListener('visibilitychange', wake);
      const old = ws;
      ws = null;
      old?.close();
      opts.onState('closed');
    },
    healthy: () => backoff.reset(),
  };
}
