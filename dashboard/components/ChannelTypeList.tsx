// Every channel type (shared/channel-types.ts; docs/channels.md): which ones work today, which are
// not built yet and which are only announced. Only available types lead anywhere.
import { CHANNEL_TYPES } from '../../shared/channel-types.js';

const STATE = { available: 'Available', not_yet: 'Not yet available', coming_soon: 'Coming soon' } as const;

export function ChannelTypeList() {
  return (
    <section class="card" aria-labelledby="channel-types-title">
      <h2 id="channel-types-title">Channel types</h2>
      <ul class="channel-list channel-types">
        {CHANNEL_TYPES.map((t) => (
          <li key={t.type} data-type={t.type}>
            <strong>{t.label}</strong>
            <span class={`badge badge-${t.availability}`}>{STATE[t.availability]}</span>
            <span class="muted">{t.availability === 'available' ? t.summary : t.kind === 'messaging' ? 'Announced; nothing to connect yet.' : 'Not built yet.'}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
