// Everything the widget needs from the server: the realtime gateway, asset hosting under
// CDN_URL/widget, the iframe page CHAT_URL/frame/{frame_id}, the CSP and embed helpers and the
// example pages, and the documentation pages the demo answers cite.
import type { RouteModule } from '../../routes.js';
import { widgetSocketRoutes } from './ws-routes.js';
import { DEFAULT_WIDGET_DIR, widgetBuildSource } from './build.js';
import { widgetHostingRoutes } from './hosting-routes.js';
import { framePageRoutes } from './frame-page.js';
import { widgetApiRoutes } from './api-routes.js';
import { examplesRoutes } from './examples-routes.js';
import { docsRoutes } from './docs-routes.js';
import { channelRoutes } from './channel-routes.js';
import './demo.js';

export const widgetRoutes: RouteModule = async (app, ctx) => {
  const build = widgetBuildSource(ctx.config.widgetDir ?? DEFAULT_WIDGET_DIR);
  await widgetSocketRoutes(app, ctx);
  widgetHostingRoutes(app, build);
  framePageRoutes(app, ctx, build);
  widgetApiRoutes(app, ctx, build);
  channelRoutes(app, ctx, build);
  examplesRoutes(app, ctx, build);
  docsRoutes(app);
};
