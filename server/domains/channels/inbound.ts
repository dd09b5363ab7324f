// A platform's request to its events URL (docs/channels.md "Durability"): verified with the
// platform's own signature scheme first (a forgery is a 401 and leaves nothing behind), then stored
// under the platform's event id before it is acknowledged, so an event is either durable or not
// acknowledged (and the platform sends it again). A retry or replay of a stored event is counted and
// acknowledged without a second answer. Processing happens afterwards (processor.ts), so the platform
// gets its answer within its deadline whatever the model takes.
import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../errors.js';
import { clock } from '../../lib/clock.js';
import { now } from '../../lib/ids.js';
import type { PlatformChannelService } from './service.js';
import { keyId, type StoredInboundEvent } from './records.js';
import { platformOf } from './registry.js';
import { createKeyedLock } from './keyed-lock.js';
import type { RequestParts } from './types.js';

export function createInbound(ctx: AppContext, channels: PlatformChannelService, wake: () => void) {
  const events = ctx.store.collection('channel_events');
  const exclusive = createKeyedLock();

  return async function receive(type: string, projectId: string, channelId: string, request: RequestParts): Promise<Record<string, unknown>> {
    const channel = await channels.get(projectId, channelId).catch(() => null);
    const platform = platformOf(type);
    if (!channel || !platform || channel.type !== type) throw notFound('channel');
    const connection = channels.open(channel);
    const refused = platform.verify(request, connection.credentials, clock.now());
    if (refused) throw new AppError('platform_signature_invalid', `Not a signed ${platform.label} request: ${refused}`);
    const inbound = platform.parse(request.raw, channel.platform.identity ?? {});
    if (inbound.kind === 'challenge') return inbound.reply;
    const eventId = inbound.kind === 'message' ? inbound.message.eventId : inbound.eventId;
    // Nothing to tell apart from a retry: acknowledged, not kept.
    if (!eventId) return { ok: true };
    const id = keyId(channel.id, eventId);
    await exclusive(id, async () => {
      const seen = await events.update(projectId, id, (e) => ({ ...e, deliveries: e.deliveries + 1 }));
      if (seen) return;
      const doc: StoredInboundEvent = {
        id, project_id: projectId, channel_id: channel.id, platform_event_id: eventId,
        status: inbound.kind === 'message' ? 'received' : 'ignored',
        outcome: inbound.kind === 'message' ? 'Waiting to be answered' : `Ignored: ${inbound.reason}`,
        message: inbound.kind === 'message' ? inbound.message : null,
        conversation_id: null, received_at: now(), deliveries: 1, attempts: 0,
      };
      await events.put(projectId, doc);
      if (doc.status === 'received') wake();
    });
    return { ok: true };
  };
}
