// The endpoints a project registers (docs/api.md "Webhooks"). The signing secret is sealed with the
// master key and answered only at creation and rotation. A rotation keeps the replaced secret for
// a day, and both sign meanwhile, so a receiver can deploy the new secret without losing deliveries.
import type { AppContext } from '../../context.js';
import { conflict, notFound } from '../../errors.js';
import { newId, now } from '../../lib/ids.js';
import { clock } from '../../lib/clock.js';
import { checkMcpUrl } from '../mcp/url-policy.js';
import { WEBHOOK_LIMITS, type WebhookCreateBody, type WebhookEndpoint, type WebhookEndpointWithSecret, type WebhookPatchBody } from '../../../shared/schemas/webhooks.js';
import { newSecret } from './signing.js';
import type { WebhookSettings } from './settings.js';

export interface StoredWebhookEndpoint extends WebhookEndpoint {
  secret_sealed: string;
  previous_secret_sealed: string | null;
}

export function publicEndpoint(e: StoredWebhookEndpoint): WebhookEndpoint {
  const { secret_sealed: _s, previous_secret_sealed: _p, ...rest } = e;
  return rest;
}

export function createEndpointService(ctx: Pick<AppContext, 'store' | 'box'>, settings: WebhookSettings) {
  const endpoints = ctx.store.collection('webhook_endpoints');

  // The same refusal as an external tool server's URL: private and loopback receivers only when the
  // server allows private fetches; delivery checks the connected address again (send.ts).
  const checkUrl = (url: string) => checkMcpUrl(url, settings.allowPrivate).href;

  async function require(projectId: string, id: string): Promise<StoredWebhookEndpoint> {
    const found = await endpoints.get(projectId, id);
    if (!found) throw notFound('webhook endpoint');
    return found;
  }

  return {
    require,
    list: async (projectId: string) => (await endpoints.list(projectId)).map(publicEndpoint),
    /** Every endpoint of a project with its sealed secrets, for emitting and signing. */
    listStored: (projectId: string) => endpoints.list(projectId),
    get: async (projectId: string, id: string) => publicEndpoint(await require(projectId, id)),

    async create(projectId: string, body: WebhookCreateBody): Promise<WebhookEndpointWithSecret> {
      const url = checkUrl(body.url);
      if ((await endpoints.list(projectId)).length >= WEBHOOK_LIMITS.endpointsPerProject) {
        throw conflict(`a project has at most ${WEBHOOK_LIMITS.endpointsPerProject} webhook endpoints`);
      }
      const secret = newSecret();
      const t = now();
      const enabled = body.enabled ?? true;
      const stored: StoredWebhookEndpoint = {
        id: newId(), project_id: projectId, url, description: body.description?.trim() ?? '', event_types: body.event_types ?? [],
        enabled, disabled_reason: null, disabled_at: enabled ? null : t, failing_since: null, previous_secret_expires_at: null,
        created_at: t, updated_at: t, secret_sealed: ctx.box.seal(secret), previous_secret_sealed: null,
      };
      await endpoints.put(projectId, stored);
      return { ...publicEndpoint(stored), secret };
    },

    async update(projectId: string, id: string, body: WebhookPatchBody): Promise<WebhookEndpoint> {
      const url = body.url === undefined ? undefined : checkUrl(body.url);
      const updated = await endpoints.update(projectId, id, (e) => {
        const next = { ...e, updated_at: now() };
        if (url !== undefined) next.url = url;
        if (body.description !== undefined) next.description = body.description.trim();
        if (body.event_types !== undefined) next.event_types = body.event_types;
        if (body.enabled === true && !e.enabled) Object.assign(next, { enabled: true, disabled_reason: null, disabled_at: null, failing_since: null });
        if (body.enabled === false && e.enabled) Object.assign(next, { enabled: false, disabled_at: next.updated_at });
        if (body.disabled_reason !== undefined && !next.enabled) next.disabled_reason = body.disabled_reason;
        return next;
      });
      if (!updated) throw notFound('webhook endpoint');
      return publicEndpoint(updated);
    },

    async remove(projectId: string, id: string): Promise<void> {
      if (!(await endpoints.delete(projectId, id))) throw notFound('webhook endpoint');
    },

    async rotateSecret(projectId: string, id: string): Promise<WebhookEndpointWithSecret> {
      const secret = newSecret();
      const updated = await endpoints.update(projectId, id, (e) => ({
        ...e,
        secret_sealed: ctx.box.seal(secret),
        previous_secret_sealed: e.secret_sealed,
        previous_secret_expires_at: new Date(clock.now() + settings.previousSecretTtlMs).toISOString(),
        updated_at: now(),
      }));
      if (!updated) throw notFound('webhook endpoint');
      return { ...publicEndpoint(updated), secret };
    },

    /** The secrets that sign now: the current one, and the replaced one until it expires. */
    secrets(e: StoredWebhookEndpoint): string[] {
      const out = [ctx.box.open(e.secret_sealed)];
      if (e.previous_secret_sealed && e.previous_secret_expires_at && Date.parse(e.previous_secret_expires_at) > clock.now()) {
        out.push(ctx.box.open(e.previous_secret_sealed));
      }
      return out;
    },

    /** Records an attempt's outcome on the endpoint; answers the endpoint when this failure disabled it. */
    async recordOutcome(projectId: string, id: string, ok: boolean): Promise<StoredWebhookEndpoint | null> {
      let disabledNow = false;
      const updated = await endpoints.update(projectId, id, (e) => {
        if (ok) return e.failing_since ? { ...e, failing_since: null } : undefined;
        const t = now();
        const since = e.failing_since ?? t;
        if (e.enabled && clock.now() - Date.parse(since) >= settings.disableAfterMs) {
          disabledNow = true;
          const days = Math.round((settings.disableAfterMs / 86_400_000) * 10) / 10;
          return { ...e, failing_since: since, enabled: false, disabled_at: t, updated_at: t, disabled_reason: `Every delivery failed for ${days} days` };
        }
        return e.failing_since ? undefined : { ...e, failing_since: since };
      });
      return disabledNow && updated ? updated : null;
    },
  };
}

export type EndpointService = ReturnType<typeof createEndpointService>;
