// Test fixture: a real `ws` WebSocket to the team feed that records frames and waits for the next one
// of a type (the shared recorder in server/testing/ws-recorder.ts).
import { recordSocket } from '../../testing/ws-recorder.js';
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
  const r = await recordSocket<TeamServerFrame>(baseUrl.replace(/^http/, 'ws') + '/v1/team/ws', { headers, ...(origin ? { origin } : {}) }, 'team');
  return { frames: r.frames, send: (frame) => r.ws.send(JSON.stringify(frame)), next: r.next, closed: r.closed, close: () => r.ws.close() };
}
