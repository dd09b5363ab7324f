// The channel settings a widget needs (protocol WidgetChannelConfig), and nothing secret: the
// identity secret and the allowed origins stay on the server.
import type { Channel } from '../../../shared/schemas/entities.js';
import type { WidgetChannelConfig } from '../../../shared/protocol.js';
import { DEFAULT_SESSION_TTL_DAYS } from './tokens.js';

export const sessionTtlDays = (channel: Channel) => channel.session_ttl_days ?? DEFAULT_SESSION_TTL_DAYS;

export function widgetChannelConfig(channel: Channel): WidgetChannelConfig {
  return {
    name: channel.name,
    greeting: channel.greeting ?? null,
    locale: channel.locale ?? null,
    theme: { ...(channel.theme ?? {}) },
    session_ttl_days: sessionTtlDays(channel),
    require_verified_identity: channel.require_verified_identity ?? false,
    // Voice input is on unless the channel turns it off (issue 5); without a working STT engine the
    // upload answers stt_unavailable and the widget says voice input failed.
    voice_enabled: channel.voice_enabled ?? true,
  };
}
