// Test fixture: a real `ws` WebSocket to the team feed that records frames and waits for the next one
// of a type (as widget/test-client.ts does for the widget).
import WebSocket from 'ws';
import type { TeamClientFrame, TeamServerFrame } from '../../../shared/team-protocol.js';

type Frame<T extends TeamServerFrame['type']> = Extract<TeamServerFrame, { type: T }>;

export interface TeamClient {
  frames: TeamServerFrame[];
  send(frame: TeamClientFrame | Record<string, unknown>): void;
  next<T extends TeamServerFrame['type']>(type: T, where?: (f: Frame<T>) => boolean): Promise<Frame<T>>;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

export async function connectTeam(baseUrl: string, cookie: string | null, origin: string | null = baseUrl): Promise<TeamClient> {
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  const ws = new WebSocket(baseUrl.replace(/^http/, 'ws') + '/v1/team/ws', { headers, ...(origin ? { origin } : {}) });
  const frames: TeamServerFrame[] = [];
  const consumed = new Set<TeamServerFrame>();
  const waiters: (() => void)[] = [];
  ws.on('message', (data) => {
    frames.push(JSON.parse(data.toString()) as TeamServerFrame);
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
    send: (frame) => ws.send(JSON.stringify(frame)),
    async next(type, where) {
      for (;;) {
        const found = frames.find((f) => f.type === type && !consumed.has(f) && (!where || where(f as never)));
        if (found) {
          consumed.add(found);
          return found as never;
        }
        if (ws.readyState === WebSocket.CLOSED) throw new Error(`team socket closed while waiting for ${type}: ${JSON.stringify(frames).slice(0, 800)}`);
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
    closed,
    close: () => ws.close(),
  };
}
