// The widget WebSocket endpoint BASE_URL/v1/widget/ws (docs/architecture.md sections 1 and 5).
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { WS_PATH } from '../../../shared/protocol.js';
import { createGateway } from './gateway.js';
import { listeningPort } from './urls.js';

/** Largest inbound frame: a 10,000-character message in 4-byte UTF-8 plus its envelope. */
const MAX_FRAME_BYTES = 64 * 1024;

export async function widgetSocketRoutes(app: FastifyInstance, ctx: AppContext) {
  if (!app.hasDecorator('websocketServer')) await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES } });
  const gateway = createGateway(ctx, () => listeningPort(app), app.log);
  app.get(WS_PATH, { websocket: true, schema: { hide: true } }, (socket, request) => gateway.handle(socket, request));
}
