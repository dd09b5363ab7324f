// Test helper: a real `ws` WebSocket to the widget gateway that records every server frame and lets
// a test wait for the next frame of a type (tests only; nothing in the app imports it).
import { recordSocket } from '../../testing/ws-recorder.js';
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
  const r = await recordSocket<ServerFrame>(baseUrl.replace(/^http/, 'ws') + '/v1/widget/ws', origin ? { origin } : {}, 'widget');
  return {
    frames: r.frames,
    send: (frame: unknown) => r.ws.send(JSON.stringify(frame)),
    sendRaw: (data) => r.ws.send(data),
    next: r.next,
    closed: r.closed,
    close: () => r.ws.close(),
  };
}
