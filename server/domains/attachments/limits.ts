// How large and of which types files may be (docs/attachments.md "Limits"). Visitors' uploads follow
// their widget channel's settings, with these defaults; the team and API keys may send any accepted
// type up to the ceiling. The ceiling also bounds a channel's own setting (shared/schemas/entities.ts).
import type { Channel, ChannelAttachments } from '../../../shared/schemas/entities.js';
import type { SniffedType } from './sniff.js';

export const ALL_TYPES: SniffedType[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf'];
/** A visitor's file by default: a phone screenshot or a scanned invoice fits. */
export const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;
/** The largest file anyone may upload, and the upload routes' body limit. */
export const MAX_BYTES_CEILING = 25 * 1024 * 1024;

export interface AttachmentLimits {
  enabled: boolean;
  max_bytes: number;
  types: SniffedType[];
}

/** A widget channel's limits with the defaults filled in. */
export function channelAttachments(channel: Pick<Channel, 'attachments'>): AttachmentLimits {
  const own: ChannelAttachments = channel.attachments ?? {};
  return {
    enabled: own.enabled ?? true,
    max_bytes: Math.min(own.max_bytes ?? DEFAULT_MAX_BYTES, MAX_BYTES_CEILING),
    types: own.types?.length ? [...own.types] : [...ALL_TYPES],
  };
}

/** What the team and API keys may send. */
export const TEAM_LIMITS: AttachmentLimits = { enabled: true, max_bytes: MAX_BYTES_CEILING, types: ALL_TYPES };
