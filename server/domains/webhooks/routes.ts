// /v1/projects/{project_id}/webhooks (docs/api.md "Webhooks"): reading needs webhook:read, changes,
// rotation, tests and replays webhook:write. Endpoints receive signed events (Standard Webhooks).
// Thin handlers over the service.
import type { RouteModule } from '../../routes.js';
import { projectRoute } from '../../http/project-route.js';
import { projectCrudRoutes } from '../../http/project-crud-routes.js';
import { ProjectParams } from '../../../shared/schemas/api.js';
import {
  WebhookCreateBody, WebhookDeliveryList, WebhookDeliveryParams, WebhookDeliveryQuery, WebhookDeliverySchema, WebhookEndpointList,
  WebhookEndpointSchema, WebhookEndpointWithSecret, WebhookParams, WebhookPatchBody,
} from '../../../shared/schemas/webhooks.js';

const tags = ['webhooks'];
const read = ['webhook:read'] as const;
const write = ['webhook:write'] as const;

export const webhookRoutes: RouteModule = (app, ctx) => {
  const { endpoints, deliveries } = ctx.services.webhooks;
  projectCrudRoutes(app, ctx, {
    path: '/webhooks', id: 'webhook_id', params: WebhookParams, item: WebhookEndpointSchema, tags, read, write,
    list: { response: WebhookEndpointList, summary: 'List webhook endpoints', run: endpoints.list },
    get: { summary: 'Get a webhook endpoint', run: endpoints.get },
    update: {
      body: WebhookPatchBody, summary: 'Change a webhook endpoint', run: endpoints.update,
      description: '`enabled: false` stops deliveries (with an optional `disabled_reason`); `enabled: true` starts them again and forgets past failures.',
    },
    remove: { summary: 'Delete a webhook endpoint', description: 'Deliveries not sent yet are never sent.', run: endpoints.remove },
  });
  // Not the shared create: it answers the secret, which no other route shows.
  projectRoute(app, ctx, {
    method: 'POST', path: '/webhooks', permissions: write, tags, params: ProjectParams, body: WebhookCreateBody, response: WebhookEndpointWithSecret, status: 201,
    summary: 'Add a webhook endpoint',
    description:
      'Answers the signing secret (`whsec_…`) once; it is never shown again. An empty `event_types` subscribes to every event. ' +
      'An IP-literal or localhost URL is a 400 `blocked_url` unless the server allows private fetches.',
    handler: ({ params, body }) => endpoints.create(params.project_id, body),
  });
  projectRoute(app, ctx, {
    method: 'POST', path: '/webhooks/:webhook_id/rotate-secret', permissions: write, tags, params: WebhookParams, response: WebhookEndpointWithSecret,
    summary: 'Rotate a webhook signing secret',
    description: 'Answers the new secret once. The replaced secret keeps signing beside it for 24 hours (two signatures in `webhook-signature`).',
    handler: ({ params }) => endpoints.rotateSecret(params.project_id, params.webhook_id),
  });
  projectRoute(app, ctx, {
    method: 'POST', path: '/webhooks/:webhook_id/test', permissions: write, tags, params: WebhookParams, response: WebhookDeliverySchema, status: 202,
    summary: 'Send a test webhook event',
    description: 'Queues a `webhook.test` event to this endpoint whatever its filter; its outcome appears in the delivery log.',
    handler: ({ params }) => deliveries.sendTest(params.project_id, params.webhook_id),
  });
  projectRoute(app, ctx, {
    method: 'GET', path: '/webhooks/:webhook_id/deliveries', permissions: read, tags, params: WebhookParams, querystring: WebhookDeliveryQuery, response: WebhookDeliveryList,
    summary: 'List webhook deliveries', description: 'Newest first: the request body, each attempt (status, duration, error) and the next attempt.',
    handler: async ({ params, query }) => ({ data: await deliveries.list(params.project_id, params.webhook_id, query) }),
  });
  projectRoute(app, ctx, {
    method: 'POST', path: '/webhooks/:webhook_id/deliveries/:delivery_id/replay', permissions: write, tags, params: WebhookDeliveryParams, response: WebhookDeliverySchema, status: 202,
    summary: 'Replay a webhook delivery',
    description: 'Sends the same body with the same `webhook-id` again now, with the full retry schedule; the earlier attempts stay in its log.',
    handler: ({ params }) => deliveries.replay(params.project_id, params.webhook_id, params.delivery_id),
  });
};
