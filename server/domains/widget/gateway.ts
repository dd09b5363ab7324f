// The widget WebSocket gateway (docs/architecture.md section 5): every inbound frame is validated,
// rate-limited and dispatched to one handler per frame type (handlers/index.ts). Frames of one
// connection are handled in order; AI replies run beside them, one at a time per conversation.
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { AppContext } from '../../context.js';
import type { ClientFrame } from '../../../shared/protocol.js';
import type { ConversationRecord } from '../../../shared/schemas/entities.js';
import { AppError } from '../../errors.js';
import { newId } from '../../lib/ids.js';
import { cleanUserAgent } from './visitor-device.js';
import { Connection, type VisitorState } from './connection.js';
import { parseFrame } from './frames.js';
import { DEFAULT_WIDGET_LIMITS, RateLimiter, retryMessage, type WidgetLimits } from './limits.js';
import { tokenSigner, USER_TTL_DAYS, type TokenSigner } from './tokens.js';
import { getSession } from './visitors.js';
import { sessionTtlDays } from './channel-config.js';
import { createRefusedOriginLog } from './refused-origins.js';
import { REPLY_FAILED, replyRunnerOf } from './agent-runner.js';
import { watchVisitorGrants } from './gateway-grants.js';
import { FRAME_HANDLERS } from './handlers/index.js';
import { listeningPort, publicUrls, type PublicUrls } from './urls.js';
import { visitorWatching } from './watchers.js';

export type FrameHandler<T extends ClientFrame['type'] = ClientFrame['type']> = (
  frame: Extract<ClientFrame, { type: T }>,
  conn: Connection,
  gw: Gateway,
) => Promise<void>;

export type FrameHandlers = { [T in ClientFrame['type']]?: FrameHandler<T> };

/** How often one connection's tokens are refreshed while it keeps chatting. */
export const TOKEN_REFRESH_MS = 10 * 60_000;

export function createGateway(ctx: AppContext, port: () => number | null, log: FastifyBaseLogger) {
  const limits: WidgetLimits = { ...DEFAULT_WIDGET_LIMITS, ...ctx.config.widgetLimits };
  const limiter = new RateLimiter();
  const connections = new Set<Connection>();
  const deviceLocks = new Map<string, Promise<unknown>>();
  const replies = replyRunnerOf(ctx, log);
  const refusedOrigin = createRefusedOriginLog(log);
  // Dead peers (a laptop lid closed, a dropped mobile network) never send a close: a ws ping every
  // 30 s finds them, so their subscriptions do not pile up.
  const heartbeat = setInterval(() => {
    for (const conn of connections) conn.heartbeat();
  }, 30_000);
  heartbeat.unref();
  ctx.onClose(() => clearInterval(heartbeat));
  // Revoked sessions, devices and users close the sockets acting for them (gateway-grants.ts).
  ctx.onClose(watchVisitorGrants(ctx, connections));

  const gw = {
    ctx,
    limits,
    limiter,
    connections,
    port,
    urls: (): PublicUrls => publicUrls(ctx.config, port()),
    signer: (): Promise<TokenSigner> => tokenSigner(ctx),
    refusedOrigin,

    /** Throws a rate_limit_exceeded AppError when `key` has used up its allowance. */
    limit(key: string, perMinute: number, clientId?: string) {
      const wait = limiter.take(key, perMinute);
      if (wait > 0) throw new AppError('rate_limit_exceeded', retryMessage(wait), { retry_after: wait, ...(clientId ? { client_id: clientId } : {}) });
    },

    requireVisitor(conn: Connection): VisitorState {
      if (!conn.visitor) throw new AppError('invalid_frame', 'Send session.hello first');
      return conn.visitor;
    },

    /** A conversation the visitor's session started (spec 5.1: the session token grants access to it). */
    async requireConversation(conn: Connection, conversationId: string, clientId?: string): Promise<ConversationRecord> {
      const visitor = gw.requireVisitor(conn);
      const extras = clientId ? { client_id: clientId } : {};
      const session = visitor.sessionId ? await getSession(ctx, visitor.projectId, visitor.sessionId) : undefined;
      if (!session || session.revoked_at || !session.conversation_ids.includes(conversationId)) {
        throw new AppError('forbidden', 'This visitor session did not start that conversation', extras);
      }
      const record = await ctx.services.conversations.get(visitor.projectId, conversationId);
      if (!record) throw new AppError('not_found', 'conversation not found', extras);
      return record;
    },

    subscribe(conn: Connection, conversationId: string) {
      conn.subscribe(conversationId, (listener) => {
        const off = ctx.bus.subscribe(conversationId, listener);
        // Counted while open, so a reply is e-mailed only to a visitor who is away (widget/watchers.ts).
        const away = visitorWatching(conversationId);
        return () => {
          off();
          away();
        };
      });
    },

    /**
     * Fresh user and session tokens after an interaction (spec 5.1: issued then, refreshed on
     * interaction). A connection already holding tokens for this user and session gets new ones only
     * every TOKEN_REFRESH_MS: signing and sending them with every message cost the chat path for nothing.
     * `andThen` sends what follows them (a message's ack) in the same socket write (Connection.together).
     */
    async issueTokens(conn: Connection, andThen: () => void = () => {}) {
      const v = gw.requireVisitor(conn);
      if (!v.userId || !v.sessionId) return andThen();
      const key = `${v.userId}/${v.sessionId}`;
      if (conn.tokensIssued?.key === key && Date.now() - conn.tokensIssued.at < TOKEN_REFRESH_MS) return andThen();
      const signer = await gw.signer();
      const base = { frame_id: v.frameId, device_id: v.deviceId, user_id: v.userId };
      const tokens = {
        type: 'session.tokens' as const,
        user_token: signer.sign({ kind: 'user', ...base }, USER_TTL_DAYS),
        session_token: signer.sign({ kind: 'session', ...base, session_id: v.sessionId }, sessionTtlDays(v.channel)),
      };
      conn.tokensIssued = { key, at: Date.now() };
      conn.together(() => {
        conn.send(tokens);
        andThen();
      });
    },

    /** Asks the agent runtime for a reply; its deltas, typing and message reach sockets through the bus. */
    reply(conn: Connection, projectId: string, conversationId: string) {
      replies.request(projectId, conversationId, () => conn.error('upstream_unavailable', REPLY_FAILED));
    },

    /** Runs `fn` exclusively per key (first messages of one device, so a re-send cannot race the first). */
    async exclusive<T>(key: string, fn: () => Promise<T>): Promise<T> {
      const previous = deviceLocks.get(key) ?? Promise.resolve();
      const run = previous.then(fn, fn);
      const settled = run.catch(() => undefined);
      deviceLocks.set(key, settled);
      try {
        return await run;
      } finally {
        if (deviceLocks.get(key) === settled) deviceLocks.delete(key);
      }
    },

    handle(socket: WebSocket, request: FastifyRequest) {
      const origin = typeof request.headers.origin === 'string' ? request.headers.origin : undefined;
      const host = request.headers.host;
      const selfOrigin = host ? `${request.protocol}://${host}` : null;
      const conn = new Connection(newId(), socket, request.ip, origin, selfOrigin, cleanUserAgent(request.headers['user-agent']));
      connections.add(conn);
      let queue: Promise<void> = Promise.resolve();
      // Handlers are attached synchronously so no early frame is dropped (@fastify/websocket note).
      socket.on('message', (data, isBinary) => {
        const raw = isBinary ? null : data.toString();
        queue = queue.then(() => gw.process(conn, raw));
      });
      socket.on('close', () => {
        limiter.forget(`frame:${conn.id}`);
        conn.dispose();
        connections.delete(conn);
      });
      socket.on('error', (err) => request.log.debug({ err }, 'widget socket error'));
      socket.on('pong', () => {
        conn.alive = true;
      });
      const wait = limiter.take(`conn:${request.ip}`, limits.connections_per_minute_per_ip);
      if (wait > 0) {
        conn.error('rate_limit_exceeded', retryMessage(wait), { retry_after: wait });
        conn.close(4008, 'too many connections');
      }
    },

    async process(conn: Connection, raw: string | null) {
      if (conn.closed) return;
      try {
        if (raw === null) {
          gw.limit(`frame:${conn.id}`, limits.frames_per_minute_per_connection);
          throw new AppError('invalid_frame', 'Frames are JSON text, not binary');
        }
        const parsed = parseFrame(raw);
        // Every frame counts, valid or not; a refused message.send names its client_id so the widget
        // marks that message as refused (and retries it) instead of waiting for an ack forever.
        const clientId = parsed.ok ? (parsed.frame as { client_id?: string }).client_id : parsed.client_id;
        gw.limit(`frame:${conn.id}`, limits.frames_per_minute_per_connection, clientId);
        if (!parsed.ok) throw new AppError('invalid_frame', parsed.message, parsed.client_id ? { client_id: parsed.client_id } : {});
        const handler = FRAME_HANDLERS[parsed.frame.type] as FrameHandler | undefined;
        if (!handler) throw new AppError('not_configured', `${parsed.frame.type} is not available on this server`);
        await handler(parsed.frame, conn, gw);
      } catch (err) {
        if (err instanceof AppError) {
          const { retry_after, client_id } = err.extras as { retry_after?: number; client_id?: string };
          conn.error(err.code, err.message, { ...(retry_after ? { retry_after } : {}), ...(client_id ? { client_id } : {}) });
        } else {
          log.error({ err }, 'widget frame failed');
          conn.error('internal_error', 'Something went wrong on our side');
        }
      }
    },
  };
  return gw;
}

export type Gateway = ReturnType<typeof createGateway>;
export { listeningPort };
