// The operators domain (docs/operators.md): REST routes, the team feed and the automatic status rules.
import websocket from '@fastify/websocket';
import type { RouteModule } from '../../routes.js';
import { operatorRoutes } from './routes.js';
import { registerTeamFeed } from './team-ws.js';
import { startLifecycle } from './lifecycle.js';
import { registerProfileRoute } from './profile-routes.js';

export const operatorsModule: RouteModule = async (app, ctx) => {
  if (!app.hasDecorator('websocketServer')) await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  operatorRoutes(app, ctx);
  registerTeamFeed(app, ctx);
  registerProfileRoute(app, ctx);
  startLifecycle(ctx);
};
