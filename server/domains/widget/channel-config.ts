// The channel settings a widget needs (protocol WidgetChannelConfig), and nothing secret: the
// identity secret and the allowed origins stay on the server. Name and greeting are given in the
// visitor's language (docs/widget-voice-languages-a11y.md "Channel texts").
import type { Channel, ChannelTexts } from '../../../shared/schemas/entities.js';
import type { WidgetChannelConfig } from '../../../shared/protocol.js';
import { agentText, matchLocale, visitorTextLocale, AGENT_TEXT_LOCALES } from '../agent/texts.js';
import { DEFAULT_SESSION_TTL_DAYS } from './tokens.js';
import { DEFAULT_ACCENT } from '../../../shared/channel-defaults.js';
import { channelAttachments } from '../attachments/limits.js';

export const sessionTtlDays = (channel: Channel) => channel.session_ttl_days ?? DEFAULT_SESSION_TTL_DAYS;

/** How a request for a person is met on this channel (docs/operators.md "Handover"); `offer` unless set. */
export const handoffMode = (channel: Pick<Channel, 'handoff'> | undefined): 'offer' | 'immediate' | 'off' => channel?.handoff ?? 'offer';

/** The language of the channel's default name and greeting. */
const defaultLanguage = (channel: Channel) => channel.locale ?? 'en';

/**
 * The language Parley speaks to this visitor: the channel's configured `locale` wins (as in the
 * widget's own resolution), then the locales the widget sent (embed `data-locale`, the site's user
 * locales, the browser's), matched exactly, then by primary language, against the languages the
 * channel has texts for and the server catalogues, then the organization's default language
 * (`orgLanguage`). English when nothing matches.
 */
export function visitorLocale(channel: Channel, locales: readonly string[] = [], orgLanguage?: string | null): string {
  return visitorTextLocale(channel.locale, locales, [...Object.keys(channel.texts ?? {}), ...AGENT_TEXT_LOCALES], orgLanguage);
}

/** The channel's texts for `locale`: exact tag, then its primary language. */
function textsFor(channel: Channel, locale: string): ChannelTexts | undefined {
  const texts = channel.texts ?? {};
  const key = matchLocale(locale, Object.keys(texts));
  return key ? texts[key] : undefined;
}

/** Same language, ignoring region: `de-AT` speaks the `de` greeting. */
const sameLanguage = (a: string, b: string) => a.toLowerCase().split(/[-_]/)[0] === b.toLowerCase().split(/[-_]/)[0];

function greeting(channel: Channel, locale: string): string | null {
  const own = textsFor(channel, locale)?.greeting;
  if (own) return own;
  const hasGreeting = Boolean(channel.greeting) || Object.values(channel.texts ?? {}).some((t) => t.greeting);
  if (!hasGreeting) return null;
  // A channel that greets, but not in this visitor's language: the catalogue's greeting reads
  // better than one in a language the visitor may not speak.
  if (channel.greeting && sameLanguage(locale, defaultLanguage(channel))) return channel.greeting;
  if (matchLocale(locale)) return agentText(locale, 'greeting');
  return channel.greeting ?? agentText(locale, 'greeting');
}

export function widgetChannelConfig(channel: Channel, locales: readonly string[] = [], orgLanguage?: string | null): WidgetChannelConfig {
  const locale = visitorLocale(channel, locales, orgLanguage);
  return {
    name: textsFor(channel, locale)?.name ?? channel.name,
    greeting: greeting(channel, locale),
    locale: channel.locale ?? null,
    // The default colour is sent, not left to the widget's stylesheet: the console shows the same one.
    theme: { color: DEFAULT_ACCENT, ...(channel.theme ?? {}) },
    session_ttl_days: sessionTtlDays(channel),
    require_verified_identity: channel.require_verified_identity ?? false,
    // Voice input (spec 10) is on unless the channel turns it off; without a working STT engine the
    // upload answers stt_unavailable and the widget says voice input failed.
    voice_enabled: channel.voice_enabled ?? true,
    attachments: channelAttachments(channel),
    handoff: handoffMode(channel),
    // The widget's own last fallback before English, after the visitor's locales.
    default_locale: orgLanguage ?? null,
  };
}
