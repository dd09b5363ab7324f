// Platform channels (docs/channels.md "The API"). Under the project: connect,
// list, change and remove (reading needs project:read, changes deployment:update like the widget's
// channels), the last inbound events with their outcome and a test send. Outside it: the events URL
// each platform posts to, verified by the platform's own signature, not by an API key; it reads the
// raw body, since the signature covers the exact bytes sent.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { RouteModule } from '../../routes.js';
import type { AppContext } from '../../context.js';
import { projectRoute } from '../../http/project-route.js';
import { ProjectParams } from '../../../shared/schemas/api.js';
import {
  CreatePlatformChannelBody, InboundEventList, PlatformTypeSchema, PatchPlatformChannelBody, PlatformChannelList, PlatformChannelOut, PlatformChannelParams, TestSendBody, TestSendOut,
} from '../../../shared/schemas/platform-channels.js';
import { appUrls } from '../widget/urls.js';
import { platformOf } from './registry.js';
import { createChannels, registerChannels } from './index.js';

const tags = ['platform channels'];
const EventsParams = Type.Object({ type: PlatformTypeSchema, project_id: Type.String({ format: 'uuid' }), channel_id: Type.String({ format: 'uuid' }) }, { additionalProperties: false });
const read = ['project:read'] as const;
const write = ['deployment:update'] as const;
const TEST_TEXT = 'A test message from Parley: this channel can post here.';

function inboundRoute(app: FastifyInstance, receive: ReturnType<typeof createChannels>['receive']) {
  void app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_req, body, done) => done(null, body));
    // Mattermost's outgoing webhooks and slash commands post forms; the token check reads the raw body.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_req, body, done) => done(null, body));
    scope.post(
      '/v1/channels/:type/:project_id/:channel_id/events',
      {
        config: { acceptText: true },
        schema: {
          summary: 'Events from a platform (its Events URL)',
          description: 'Verified with the platform’s signature (Slack: X-Slack-Signature over the raw body); a forgery is a 401 and nothing is stored. Stored before it is acknowledged; a retry of a stored event is acknowledged without a second answer.',
          tags,
          params: EventsParams,
          response: {
            200: Type.Object(
              { ok: Type.Optional(Type.Boolean()), challenge: Type.Optional(Type.String({ description: 'Slack’s URL verification: its challenge, echoed' })) },
              { description: 'Acknowledged (stored, or a retry of a stored event), or the platform’s verification answered' },
            ),
          },
        },
      },
      async (request) => {
        const { type, project_id, channel_id } = request.params as { type: string; project_id: string; channel_id: string };
        return receive(type, project_id, channel_id, { headers: request.headers, raw: typeof request.body === 'string' ? request.body : '' });
      },
    );
  });
}

export const platformChannelRoutes: RouteModule = (app, ctx: AppContext) => {
  const channels = createChannels(ctx, () => appUrls(app).baseUrl, (message, err) => app.log.warn({ err }, message));
  registerChannels(ctx, channels);
  app.addHook('onReady', async () => channels.start());
  ctx.onClose(() => channels.stop());
  const { service } = channels;
  inboundRoute(app, channels.receive);

  projectRoute(app, ctx, {
    method: 'GET', path: '/platform-channels', permissions: read, tags, params: ProjectParams, response: PlatformChannelList,
    summary: 'List the team-chat channels',
    handler: async ({ params }) => ({ data: (await service.list(params.project_id)).map(service.out) }),
  });
  projectRoute(app, ctx, {
    method: 'POST', path: '/platform-channels', permissions: write, tags, params: ProjectParams, body: CreatePlatformChannelBody, response: PlatformChannelOut, status: 201,
    summary: 'Connect a team-chat channel',
    description: 'Checks the credentials with the platform first (Slack: auth.test); refused credentials are a 424 platform_rejected. Secrets are answered masked from then on.',
    handler: async ({ params, body }) => service.out(await service.create(params.project_id, body)),
  });
  projectRoute(app, ctx, {
    method: 'GET', path: '/platform-channels/:channel_id', permissions: read, tags, params: PlatformChannelParams, response: PlatformChannelOut,
    summary: 'Get a team-chat channel',
    handler: async ({ params }) => service.out(await service.get(params.project_id, params.channel_id)),
  });
  projectRoute(app, ctx, {
    method: 'PATCH', path: '/platform-channels/:channel_id', permissions: write, tags, params: PlatformChannelParams, body: PatchPlatformChannelBody, response: PlatformChannelOut,
    summary: 'Change a team-chat channel',
    description: 'A secret left out of `values` keeps its stored value; an empty setting clears it. New credentials are checked with the platform.',
    handler: async ({ params, body }) => service.out(await service.update(params.project_id, params.channel_id, body)),
  });
  projectRoute(app, ctx, {
    method: 'DELETE', path: '/platform-channels/:channel_id', permissions: write, tags, params: PlatformChannelParams, response: null,
    summary: 'Remove a team-chat channel', description: 'Its events URL stops answering; its conversations stay.',
    handler: ({ params }) => service.remove(params.project_id, params.channel_id),
  });
  projectRoute(app, ctx, {
    method: 'GET', path: '/platform-channels/:channel_id/events', permissions: read, tags, params: PlatformChannelParams, response: InboundEventList,
    summary: 'The last inbound events and their outcome', description: 'Newest first, at most 50.',
    handler: async ({ params }) => {
      await service.get(params.project_id, params.channel_id);
      const all = (await ctx.store.collection('channel_events').list(params.project_id)).filter((e) => e.channel_id === params.channel_id);
      all.sort((a, b) => (a.received_at < b.received_at ? 1 : -1));
      return {
        data: all.slice(0, 50).map((e) => ({
          id: e.id, platform_event_id: e.platform_event_id, status: e.status, outcome: e.outcome, conversation_id: e.conversation_id, received_at: e.received_at, deliveries: e.deliveries,
        })),
      };
    },
  });
  projectRoute(app, ctx, {
    method: 'POST', path: '/platform-channels/:channel_id/test', permissions: write, tags, params: PlatformChannelParams, body: TestSendBody, response: TestSendOut,
    summary: 'Post a test message through the platform',
    description: 'Posts at once (not through the outbox) and answers what the platform said.',
    handler: async ({ params, body }) => {
      const channel = await service.get(params.project_id, params.channel_id);
      const result = await platformOf(channel.type)!.send(service.open(channel), { channel: body.target, thread: null }, body.text ?? TEST_TEXT, { internal: true });
      return { ok: result.ok, error: result.ok ? null : (result.error ?? 'failed'), message_id: result.id ?? null };
    },
  });
};
