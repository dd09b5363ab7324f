// A channel nobody styled looks the same in the console's preview, the API and the live widget
// (shared/channel-defaults.ts): the default colour is in what the API reports and
// in the config the widget gets; no welcome message means none in both; a chosen colour or side wins.
import { describe, expect, it } from 'vitest';
import type { Channel } from '../../../shared/schemas/entities.js';
import { DEFAULT_ACCENT } from '../../../shared/channel-defaults.js';
import { widgetChannelConfig } from './channel-config.js';
import { publicChannel } from './channels-service.js';

const bare: Channel = {
  id: '00000000-0000-4000-8000-000000000001',
  project_id: '00000000-0000-4000-8000-000000000002',
  type: 'website_widget',
  name: 'Shop',
  frame_id: 'fr_test',
  allowed_origins: [],
  created_at: '2026-11-01T00:00:00.000Z',
} as Channel;

describe('channel defaults', () => {
  it('reports and sends the default colour and no welcome message for a channel with no look of its own', () => {
    expect(publicChannel(bare)).toMatchObject({ greeting: null, theme: { color: DEFAULT_ACCENT } });
    expect(widgetChannelConfig(bare)).toMatchObject({ greeting: null, theme: { color: DEFAULT_ACCENT } });
    // The side stays unset: an unset side follows the visitor's reading direction (widget/i18n/mirror.ts).
    expect(widgetChannelConfig(bare).theme.position).toBeUndefined();
  });

  it('keeps what the owner chose', () => {
    const styled = { ...bare, greeting: 'Hello!', theme: { color: '#aa3300', position: 'left' as const } };
    expect(publicChannel(styled)).toMatchObject({ greeting: 'Hello!', theme: { color: '#aa3300', position: 'left' } });
    expect(widgetChannelConfig(styled)).toMatchObject({ greeting: 'Hello!', theme: { color: '#aa3300', position: 'left' } });
  });
});
