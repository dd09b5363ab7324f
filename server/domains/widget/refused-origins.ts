// A page on an origin the channel does not allow (spec 8.2) is told so on its socket; the operator
// also reads it in the server log, but once per channel and origin per interval: a busy page that is
// missing from the list must not flood the log with one line per visitor and reconnect.
import type { FastifyBaseLogger } from 'fastify';
import type { Channel } from '../../../shared/schemas/entities.js';

export const REFUSED_LOG_INTERVAL_MS = 10 * 60_000;
/** Bounded: a flood of made-up origins cannot grow memory without limit. */
const MAX_REMEMBERED = 1000;

export function createRefusedOriginLog(log: FastifyBaseLogger, now = () => Date.now()) {
  const lastLogged = new Map<string, number>();
  return (channel: Pick<Channel, 'id' | 'project_id' | 'frame_id'>, origin: string | undefined) => {
    const key = `${channel.id} ${origin ?? ''}`;
    const t = now();
    const last = lastLogged.get(key);
    if (last !== undefined && t - last < REFUSED_LOG_INTERVAL_MS) return;
    if (lastLogged.size >= MAX_REMEMBERED) {
      for (const [k, at] of lastLogged) if (t - at >= REFUSED_LOG_INTERVAL_MS) lastLogged.delete(k);
      if (lastLogged.size >= MAX_REMEMBERED) lastLogged.delete(lastLogged.keys().next().value!);
    }
    lastLogged.set(key, t);
    log.warn(
      { origin: origin ?? null, project_id: channel.project_id, channel_id: channel.id, frame_id: channel.frame_id },
      `widget origin refused: ${origin ?? 'a page without an Origin'} is not in the allowed origins of channel ${channel.id}; add it in the console (Channels) or with PATCH /v1/projects/${channel.project_id}/channels/${channel.id}`,
    );
  };
}
