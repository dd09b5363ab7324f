// Test helper: a real `ws` WebSocket to the widget gateway that records every server frame and lets
// a test wait for the next frame of a type (tests only; nothing in the app imports it).
import WebSocket from 'ws';
import type { ClientFrame, ServerFrame } from '../../../shared/protocol.js';

type Frame<T extends ServerFrame['type']> = Extract<ServerFrame, { type: T }>;

export interface WidgetClient {
  frames: ServerFrame[];
  /** A protocol frame, or (second overload) anything else, for tests of malformed frames. */
  send(frame: ClientFrame): void;
  send(frame: Record<string, unknown>): void;
  sendRaw(data: string | Buffer): void;
  /** The next not-yet-consumed frame of `type` (waits for it). */
  next<T extends ServerFrame['type']>(type: T, where?: (f: Frame<T>) => boolean): Promise<Frame<T>>;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

export async function connectWidget(baseUrl: string, origin: string | null): Promise<WidgetClient> {
  const ws = new WebSocket(baseUrl.replace(/^http/, 'ws') + '/v1/widget/ws', origin ? { origin } : {});
  const frames: ServerFrame[] = [];
  const consumed = new Set<ServerFrame>();
  const waiters: (() => void)[] = [];
  ws.on('message', (data) => {
    frames.push(JSON.parse(data.toString()) as ServerFrame);
    for (const w of waiters.splice(0)) w();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => {
      resolve({ code, reason: reason.toString() });
      for (const w of waiters.splice(0)) w();
    }),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    frames,
    send: (frame: unknown) => ws.send(JSON.stringify(frame)),
    sendRaw: (data) => ws.send(data),
    async next(type, where) {
      for (;;) {
        const found = frames.find((f) => f.type === type && !consumed.has(f) && (!where || where(f as never)));
        if (found) {
          consumed.add(found);
          return found as never;
        }
        if (ws.readyState === WebSocket.CLOSED) throw new Error(`socket closed while waiting for ${type}: ${JSON.stringify(frames)}`);
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
    closed,
    close: () => ws.close(),
  };
}
