// @vitest-environment happy-dom
// The console's preview settings (widget/app/preview.ts) reach the widget only from the console's
// origin and the parent window, and only as channel fields: a page that frames the chat cannot make
// it show words its channel does not have.
import { describe, expect, it, vi } from 'vitest';
import type { WidgetChannelConfig } from '../../shared/protocol.js';
import type { ChatModel } from './model.js';
import { PREVIEW_READY, PREVIEW_SETTINGS, previewModel } from './preview.js';

const CONSOLE = 'https://parley.example.com';
const channel: WidgetChannelConfig = {
  name: 'Shop', greeting: null, locale: null, theme: { color: '#3758f9' }, session_ttl_days: 7, require_verified_identity: false, voice_enabled: true, handoff: 'offer',
};

function fakeModel() {
  const listeners = new Set<() => void>();
  return { state: { channel, open: true }, subscribe: (fn: () => void) => (listeners.add(fn), () => listeners.delete(fn)) } as unknown as ChatModel;
}

const post = (data: unknown, origin: string, source: MessageEventSource | null = window.parent) =>
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }));

describe('channel preview in the frame page', () => {
  it('lays the console’s settings over the channel, and nobody else’s', () => {
    // happy-dom's window is its own parent; the "ready" message goes to the console's origin only.
    const ready = vi.spyOn(window, 'postMessage').mockImplementation(() => {});
    const { view, stop } = previewModel(fakeModel(), CONSOLE);
    expect(ready).toHaveBeenCalledWith({ type: PREVIEW_READY }, CONSOLE);
    let changes = 0;
    view.subscribe(() => changes++);
    const settings = { type: PREVIEW_SETTINGS, channel: { name: 'Acme', greeting: 'Send us your password here', theme: { color: '#aa3300' } } };

    post(settings, 'https://evil.example');
    post(settings, CONSOLE, null);
    expect(view.state.channel).toEqual(channel);
    expect(changes).toBe(0);

    post({ ...settings, channel: { ...settings.channel, greeting: 'Hello from Acme!', theme: { color: 'red;background:url(x)', position: 'left' }, voice_enabled: false } }, CONSOLE);
    expect(changes).toBe(1);
    // Only the look: the colour must be #rrggbb, other fields are the server's.
    expect(view.state.channel).toEqual({ ...channel, name: 'Acme', greeting: 'Hello from Acme!', theme: { color: '#3758f9', position: 'left' } });
    expect(view.state).toBe(view.state);
    stop();
  });
});
