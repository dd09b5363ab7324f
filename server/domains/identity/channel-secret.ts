// The per-channel identity secret (spec 2.4) the site owner's backend signs visitors with. It is
// created on first request, shown only to the site owner (CLI `channel-secret`), and rotating it
// invalidates every outstanding signature and token at once.
import type { Channel } from '../../../shared/schemas/entities.js';
import { AppError } from '../../errors.js';
import { randomToken } from '../../lib/ids.js';
import type { ProjectService } from '../projects/service.js';

export async function channelIdentitySecret(
  projects: ProjectService,
  projectId: string,
  options: { channelId?: string; rotate?: boolean; requireVerified?: boolean } = {},
): Promise<{ channel: Channel; secret: string; created: boolean }> {
  const channels = (await projects.listChannels(projectId)).filter((c) => c.type === 'website_widget');
  const channel = options.channelId ? channels.find((c) => c.id === options.channelId || c.frame_id === options.channelId) : channels[0];
  if (!channel) throw new AppError('not_found', options.channelId ? `channel ${options.channelId} not found` : 'this project has no website-widget channel');
  const created = !channel.identity_secret || Boolean(options.rotate);
  const secret = created ? `ids_${randomToken(32)}` : channel.identity_secret!;
  const patch: Partial<Channel> = {};
  if (created) patch.identity_secret = secret;
  if (options.requireVerified !== undefined) patch.require_verified_identity = options.requireVerified;
  const updated = Object.keys(patch).length ? await projects.updateChannel(projectId, channel.id, patch) : channel;
  return { channel: updated, secret, created };
}
