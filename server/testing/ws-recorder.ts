// Test helper: a real `ws` WebSocket that records every server frame (JSON objects with a `type`) and
// lets a test wait for the next not-yet-consumed frame of a type. The widget and team-feed test
// clients are this with their own protocol's types.
import WebSocket from 'ws';

export interface Recorder<S extends { type: string }> {
  ws: WebSocket;
  frames: S[];
  next<T extends S['type']>(type: T, where?: (f: Extract<S, { type: T }>) => boolean): Promise<Extract<S, { type: T }>>;
  closed: Promise<{ code: number; reason: string }>;
}

export async function recordSocket<S extends { type: string }>(url: string, options: WebSocket.ClientOptions, label: string): Promise<Recorder<S>> {
  const ws = new WebSocket(url, options);
  const frames: S[] = [];
  const consumed = new Set<S>();
  const waiters: (() => void)[] = [];
  const wake = () => {
    for (const w of waiters.splice(0)) w();
  };
  ws.on('message', (data) => {
    frames.push(JSON.parse(data.toString()) as S);
    wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => {
      resolve({ code, reason: reason.toString() });
      wake();
    }),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    frames,
    closed,
    async next(type, where) {
      for (;;) {
        const found = frames.find((f) => f.type === type && !consumed.has(f) && (!where || where(f as never)));
        if (found) {
          consumed.add(found);
          return found as never;
        }
        if (ws.readyState === WebSocket.CLOSED) throw new Error(`${label} socket closed while waiting for ${type}: ${JSON.stringify(frames).slice(0, 800)}`);
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
  };
}
