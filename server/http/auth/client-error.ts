// A line break inside the Authorization header never reaches a route over real HTTP: Node's parser
// rejects the whole request (obs-fold continuation lines, bare LF). Spec 5.2 says such a header is a
// 401, so for project routes we answer that protocol error as the guard would (flat body,
// WWW-Authenticate, rate-limit headers counted per client address). Every other client error keeps
// Fastify's own handling. Whitespace the parser trims instead of refusing (around the value) is
// found in the raw bytes by raw-authorization.ts, watched from here too.
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { ANONYMOUS_LIMITS } from '../rate-limit/plans.js';
import type { RateLimiter } from '../rate-limit/types.js';
import { watchRawAuthorization } from './raw-authorization.js';

type Listener = (err: Error & { rawPacket?: Buffer; code?: string }, socket: Socket) => void;

/** True when the raw request targets /v1/projects/ and its Authorization header spans a line break. */
export function brokenAuthorization(raw: string): boolean {
  const lines = raw.split('\r\n');
  if (!/^[A-Z]+ \/v1\/projects\//.test(lines[0] ?? '')) return false;
  const at = lines.findIndex((l, i) => i > 0 && /^authorization:/i.test(l));
  if (at < 0) return false;
  return lines[at].includes('\n') || /^[ \t]/.test(lines[at + 1] ?? '');
}

export function registerClientErrors(app: FastifyInstance, limiter: RateLimiter): void {
  const server = app.server;
  watchRawAuthorization(server);
  const original = server.listeners('clientError') as Listener[];
  for (const l of original) server.off('clientError', l);
  server.on('clientError', ((err, socket) => {
    const raw = err.rawPacket?.toString('latin1') ?? '';
    if (socket.destroyed || !socket.writable || !brokenAuthorization(raw)) {
      for (const l of original) l.call(app, err, socket);
      return;
    }
    void Promise.resolve(limiter.hit(`addr:${socket.remoteAddress ?? 'unknown'}`, ANONYMOUS_LIMITS)).then((d) => {
      const body = JSON.stringify({
        error: 'unauthorized',
        message: 'Malformed Authorization header: it must be "Bearer <API key>" on one line, without line breaks',
      });
      const head = [
        'HTTP/1.1 401 Unauthorized',
        'WWW-Authenticate: Bearer realm="parley", error="invalid_token"',
        `X-RateLimit-Limit: ${d.limit}`,
        `X-RateLimit-Remaining: ${d.remaining}`,
        `X-RateLimit-Reset: ${d.reset}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Connection: close',
      ];
      if (socket.writable) socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
      else socket.destroy();
    });
  }) as Listener);
}
