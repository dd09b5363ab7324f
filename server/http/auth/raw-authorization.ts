// Spec 5.2: extra whitespace in the Authorization header is a 401. Node's HTTP parser hides some of
// it: it drops the whitespace between the colon and the value and the spaces and tabs before the line
// end, both from `headers` and from `rawHeaders` (checked on Node 20 and 24), so `Bearer <key>\t`
// arrives as a clean `Bearer <key>`. The bytes on the wire are the only place it shows.
//
// So every connection gets a `data` listener that runs before the parser (prependListener; adding a
// `data` listener is Node's documented way to take the socket off the native fast path, which it
// then reads through JavaScript). It notes each `Authorization:` line it sees, in order, and whether
// it was padded. When the parser has read a request's head (the `request` event, which comes after
// the bytes were seen), the request takes its entries from that queue: a padded one marks it.
// Allowed around the value: nothing, or exactly one space after the colon (the usual form).
//
// A body that contains something looking like an Authorization line can add a stray entry. Entries
// are matched by value, so a stray one is skipped unless it repeats the next request's exact key,
// and then it only refuses that sender's own next request on its own connection.
import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';

interface Seen {
  value: string;
  padded: boolean;
}

interface SocketState {
  seen: Seen[];
  /** The unfinished last line of the previous chunk (only while it may still be a header line). */
  carry: string;
}

// Beyond Node's own header limit (16 KiB) a line can no longer be a header.
const MAX_LINE = 16 * 1024;
// A connection that keeps sending lines nobody reads (bodies full of look-alikes) stops being tracked
// beyond this; the oldest entries go first.
const MAX_SEEN = 64;
const LINE = /^authorization:([^\r\n]*?)\r?$/gim;

const sockets = new WeakMap<Socket, SocketState>();
const padded = new WeakSet<IncomingMessage>();

/** True when the value (what follows the colon) has whitespace the spec does not allow. */
export function isPadded(afterColon: string): boolean {
  const start = afterColon.startsWith(' ') ? 1 : 0;
  return /^[ \t]/.test(afterColon.slice(start)) || /[ \t]$/.test(afterColon);
}

function scan(state: SocketState, chunk: Buffer): void {
  // latin1 maps each byte to one character, so nothing is lost or merged whatever the encoding.
  let text = state.carry + chunk.toString('latin1');
  const lastBreak = text.lastIndexOf('\n');
  const tail = text.slice(lastBreak + 1);
  text = text.slice(0, lastBreak + 1);
  state.carry = tail.length <= MAX_LINE ? tail : '';
  if (text === '' || !/uthorization:/i.test(text)) return;
  for (const m of text.matchAll(LINE)) {
    const afterColon = m[1];
    state.seen.push({ value: afterColon.replace(/^[ \t]+|[ \t]+$/g, ''), padded: isPadded(afterColon) });
  }
  if (state.seen.length > MAX_SEEN) state.seen.splice(0, state.seen.length - MAX_SEEN);
}

function claim(request: IncomingMessage): void {
  const state = sockets.get(request.socket);
  if (!state || state.seen.length === 0) return;
  const values: string[] = [];
  for (let i = 0; i < request.rawHeaders.length; i += 2) {
    if (request.rawHeaders[i].toLowerCase() === 'authorization') values.push(request.rawHeaders[i + 1]);
  }
  for (const value of values) {
    const at = state.seen.findIndex((s) => s.value === value);
    if (at < 0) continue;
    if (state.seen[at].padded) padded.add(request);
    state.seen.splice(0, at + 1);
  }
}

const listeners = new WeakMap<Socket, (chunk: Buffer) => void>();

/**
 * Watches the raw bytes of every HTTP connection of `server` for padded Authorization lines. A
 * connection upgraded to a WebSocket (the widget, the team feed) carries frames, not requests, from
 * then on: the watch stops there, so chat messages are neither scanned nor read off the fast path.
 */
export function watchRawAuthorization(server: Server): void {
  server.on('connection', (socket: Socket) => {
    const state: SocketState = { seen: [], carry: '' };
    sockets.set(socket, state);
    const listener = (chunk: Buffer) => scan(state, chunk);
    listeners.set(socket, listener);
    socket.prependListener('data', listener);
  });
  server.prependListener('request', claim);
  // Before the WebSocket server's own upgrade listener: the upgrade request's head was scanned already.
  server.prependListener('upgrade', (request: IncomingMessage, socket: Socket) => {
    claim(request);
    const listener = listeners.get(socket);
    if (listener) socket.removeListener('data', listener);
    sockets.delete(socket);
  });
}

/** True when this request's Authorization line had whitespace Node's parser removed. */
export function hadPaddedAuthorization(request: IncomingMessage): boolean {
  return padded.has(request);
}
