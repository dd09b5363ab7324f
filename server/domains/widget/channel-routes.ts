// /v1/projects/{project_id}/channels (spec 2.10; docs/api.md "Widget channels"): a project's website
// widgets. Reading needs project:read; changing them shapes what visitors meet, so it needs
// deployment:update like the rest of the agent's configuration (spec 5.5).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { projectRoute } from '../../http/project-route.js';
import { ProjectParams } from '../../../shared/schemas/api.js';
import {
  ChannelList,
  ChannelOut,
  ChannelParams,
  ChannelSnippetsOut,
  CreateChannelBody,
  OriginCheckOut,
  OriginCheckQuery,
  PatchChannelBody,
  SecretOut,
} from '../../../shared/schemas/channels.js';
import { invalid } from '../../errors.js';
import type { WidgetBuild } from './build.js';
import { createChannelService, publicChannel } from './channels-service.js';
import { explainOrigin } from './origin-rules.js';
import { cspDirectives, cspHeader } from './csp.js';
import { embedSnippet, stableLoader, type EmbedMode } from './embed.js';
import { appUrls } from './urls.js';

const tags = ['widget channels'];
const MODES: EmbedMode[] = ['launcher', 'inline', 'iframe'];

export function channelRoutes(app: FastifyInstance, ctx: AppContext, build: () => Promise<WidgetBuild | null>): void {
  const channels = createChannelService(ctx);

  projectRoute(app, ctx, {
    method: 'GET', path: '/channels', permissions: ['project:read'], tags, params: ProjectParams, response: ChannelList,
    summary: 'List the website-widget channels',
    handler: async ({ params }) => ({ data: (await channels.list(params.project_id)).map(publicChannel) }),
  });
  projectRoute(app, ctx, {
    method: 'POST', path: '/channels', permissions: ['deployment:update'], tags, params: ProjectParams, body: CreateChannelBody, response: ChannelOut, status: 201,
    summary: 'Create a website-widget channel',
    description: 'Allowed origins follow spec 8.2: `https://*.example.com` matches nested subdomains but not the bare domain. A malformed entry is a 400 naming it.',
    handler: async ({ params, body }) => publicChannel(await channels.create(params.project_id, body)),
  });
  projectRoute(app, ctx, {
    method: 'GET', path: '/channels/:channel_id', permissions: ['project:read'], tags, params: ChannelParams, response: ChannelOut,
    summary: 'Get a website-widget channel',
    handler: async ({ params }) => publicChannel(await channels.get(params.project_id, params.channel_id)),
  });
  projectRoute(app, ctx, {
    method: 'PATCH', path: '/channels/:channel_id', permissions: ['deployment:update'], tags, params: ChannelParams, body: PatchChannelBody, response: ChannelOut,
    summary: 'Change a channel’s settings',
    description: 'Applies to every widget that connects or reconnects afterwards, without a restart. `null` clears greeting, locale or session_ttl_days.',
    handler: async ({ params, body }) => publicChannel(await channels.update(params.project_id, params.channel_id, body)),
  });
  projectRoute(app, ctx, {
    method: 'DELETE', path: '/channels/:channel_id', permissions: ['deployment:update'], tags, params: ChannelParams, response: null,
    summary: 'Delete a channel', description: 'Widgets embedding its frame id stop connecting; its conversations stay.',
    handler: ({ params }) => channels.remove(params.project_id, params.channel_id),
  });
  projectRoute(app, ctx, {
    method: 'GET', path: '/channels/:channel_id/origin-check', permissions: ['project:read'], tags, params: ChannelParams, querystring: OriginCheckQuery, response: OriginCheckOut,
    summary: 'Would my page at this URL be allowed?',
    handler: async ({ params, query }) => {
      const channel = await channels.get(params.project_id, params.channel_id);
      const result = explainOrigin(channel, query.url, appUrls(app));
      if ('error' in result) throw invalid(result.error, [{ path: 'url', message: result.error }]);
      return result;
    },
  });
  projectRoute(app, ctx, {
    method: 'POST', path: '/channels/:channel_id/identity-secret', permissions: ['deployment:update'], tags, params: ChannelParams, response: SecretOut,
    summary: 'Rotate the identity secret (shown once)',
    description: 'Your backend signs verified visitors with it (docs/identity.md); signatures and tokens made with the previous secret stop working at once.',
    handler: async ({ params }) => ({ identity_secret: await channels.rotateSecret(params.project_id, params.channel_id) }),
  });
  projectRoute(app, ctx, {
    method: 'GET', path: '/channels/:channel_id/snippets', permissions: ['project:read'], tags, params: ChannelParams, response: ChannelSnippetsOut,
    summary: 'The embed snippet per mode, with the CSP your own pages need',
    description: 'The same tags and policies as GET /v1/widget/embed and /v1/widget/csp (csp.md explains each directive).',
    handler: async ({ params }) => {
      const channel = await channels.get(params.project_id, params.channel_id);
      const urls = appUrls(app);
      const loader = stableLoader(urls);
      const modes = Object.fromEntries(
        MODES.map((mode) => [
          mode,
          {
            html: embedSnippet({ urls, loader, frameId: channel.frame_id, mode, target: mode === 'inline' ? '#parley-chat' : undefined }),
            csp: cspHeader(cspDirectives(mode, urls)),
          },
        ]),
      ) as ChannelSnippetsOut['modes'];
      return { loader_url: loader.url, frame_url: `${urls.chatUrl}/frame/${encodeURIComponent(channel.frame_id)}`, integrity: loader.integrity, modes };
    },
  });
}
