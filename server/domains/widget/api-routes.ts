// Public helper endpoints for site owners:
//  GET /v1/widget/csp?mode=launcher|inline|iframe|frame → the CSP this server's configuration needs
//      (csp.md explains each directive);
//  GET /v1/widget/embed?frame_id=…&mode=… → the snippet to paste: the stable loader.js, no SRI (csp.md "Pinning a version").
import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import type { WidgetBuild } from './build.js';
import { CSP_MODES, cspDirectives, cspHeader, frameAncestors, type CspMode } from './csp.js';
import { embedSnippet, stableLoader, type EmbedMode } from './embed.js';
import { appUrls, listeningPort } from './urls.js';

const Mode = Type.Union(CSP_MODES.map((m) => Type.Literal(m)));
const EmbedModeSchema = Type.Union([Type.Literal('launcher'), Type.Literal('inline'), Type.Literal('iframe')]);

export function widgetApiRoutes(app: FastifyInstance, ctx: AppContext, build: () => Promise<WidgetBuild | null>) {
  app.get(
    '/v1/widget/csp',
    {
      schema: {
        summary: 'Content-Security-Policy a page needs to embed the widget (spec 8.2)',
        description: "`{NONCE}` stands for the page's per-response nonce on the loader tag. See csp.md.",
        tags: ['widget'],
        querystring: Type.Object(
          { mode: Type.Optional(Mode), frame_id: Type.Optional(Type.String({ maxLength: 64 })) },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ mode: Mode, policy: Type.String(), directives: Type.Record(Type.String(), Type.Array(Type.String())) }),
        },
      },
    },
    async (request) => {
      const { mode = 'launcher', frame_id } = request.query as { mode?: CspMode; frame_id?: string };
      const urls = appUrls(app);
      let ancestors: string[] | undefined;
      if (mode === 'frame' && frame_id) {
        const channel = await ctx.services.projects.getChannelByFrameId(frame_id);
        if (!channel) throw new AppError('not_found', 'No widget with this frame id');
        ancestors = frameAncestors(channel.allowed_origins, urls, listeningPort(app));
      }
      const directives = cspDirectives(mode, urls, { frameAncestors: ancestors });
      return { mode, policy: cspHeader(directives), directives };
    },
  );

  app.get(
    '/v1/widget/embed',
    {
      schema: {
        summary: 'The embed snippet for a widget channel',
        tags: ['widget'],
        querystring: Type.Object(
          { frame_id: Type.String({ maxLength: 64 }), mode: Type.Optional(EmbedModeSchema), target: Type.Optional(Type.String({ maxLength: 200 })) },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ html: Type.String(), loader_url: Type.String(), integrity: Type.Union([Type.String(), Type.Null()]), csp: Type.String() }),
        },
      },
    },
    async (request) => {
      const { frame_id, mode = 'launcher', target } = request.query as { frame_id: string; mode?: EmbedMode; target?: string };
      const channel = await ctx.services.projects.getChannelByFrameId(frame_id);
      if (!channel || channel.type !== 'website_widget') throw new AppError('not_found', 'No widget with this frame id');
      const urls = appUrls(app);
      const loader = stableLoader(urls);
      const html = embedSnippet({ urls, loader, frameId: channel.frame_id, mode, target: mode === 'inline' ? (target ?? '#parley-chat') : target });
      return { html, loader_url: loader.url, integrity: loader.integrity, csp: cspHeader(cspDirectives(mode, urls)) };
    },
  );
}
