// The three public addresses (docs/architecture.md section 1) as the widget, frame page, examples and CSP use
// them. Every URL comes from config; the one adjustment: a configured port of 0 ("any free port", as
// in tests and `PORT=0`) is replaced by the port the server actually listens on.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';

export interface PublicUrls {
  baseUrl: string;
  chatUrl: string;
  cdnUrl: string;
  /** BASE_URL with ws/wss, plus the gateway path. */
  wsUrl: string;
}

function withPort(url: string, port: number | null): string {
  const u = new URL(url);
  if (u.port !== '0' || port === null) return url;
  u.port = String(port);
  return u.origin + u.pathname.replace(/\/+$/, '');
}

export function listeningPort(app: FastifyInstance): number | null {
  const address = app.server.address();
  return address && typeof address === 'object' ? address.port : null;
}

export function publicUrls(config: Config, port: number | null = null): PublicUrls {
  const baseUrl = withPort(config.baseUrl, port);
  return {
    baseUrl,
    chatUrl: withPort(config.chatUrl, port),
    cdnUrl: withPort(config.cdnUrl, port),
    wsUrl: baseUrl.replace(/^http/, 'ws') + '/v1/widget/ws',
  };
}

export const appUrls = (app: FastifyInstance) => publicUrls(app.ctx.config, listeningPort(app));

export const originOf = (url: string) => new URL(url).origin;
