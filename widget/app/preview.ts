// The console's channel preview (dashboard/components/ChannelPreview.tsx): the real
// widget, in the channel's own frame page, showing the look being edited before it is saved. The
// console frames CHAT_URL/frame/{frame_id}?preview and posts the unsaved name, welcome message,
// language and theme; this lays them over the channel config the server sent, and nothing else
// changes. Read only in frame mode with `preview` in the page's address, only from the parent window
// and only from the console's origin (BASE_URL, the loader's data-base-url), so no other page can
// make the chat show words its channel does not have.
import type { WidgetChannelConfig } from '../../shared/protocol.js';
import type { ChatModel, ChatState } from './model.js';

export type PreviewChannel = Partial<Pick<WidgetChannelConfig, 'name' | 'greeting' | 'locale' | 'theme'>>;

/** The messages: the frame says it listens, the console sends the settings (again on each edit). */
export const PREVIEW_READY = 'parley-preview-ready';
export const PREVIEW_SETTINGS = 'parley-preview';

/** Whether this page is the console's preview of its channel. */
export const isPreview = (mode: string) => mode === 'frame' && window.parent !== window && new URLSearchParams(location.search).has('preview');

const text = (v: unknown, max: number) => (typeof v === 'string' && v.length <= max ? v : undefined);

/** Only the fields and shapes a channel can have (shared/schemas/channels.ts); anything else is dropped. */
function settingsOf(data: unknown): PreviewChannel | null {
  if (!data || typeof data !== 'object') return null;
  const d = data as Record<string, unknown>;
  const theme = (d.theme && typeof d.theme === 'object' ? d.theme : {}) as Record<string, unknown>;
  const out: PreviewChannel = {
    theme: {
      ...(text(theme.color, 7) && /^#[0-9a-f]{6}$/i.test(theme.color as string) ? { color: theme.color as string } : {}),
      ...(theme.position === 'left' || theme.position === 'right' ? { position: theme.position } : {}),
    },
  };
  if (text(d.name, 120)) out.name = d.name as string;
  if (d.greeting === null || text(d.greeting, 2000) !== undefined) out.greeting = (d.greeting as string | null) || null;
  if (d.locale === null || (text(d.locale, 35) && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(d.locale as string))) out.locale = d.locale as string | null;
  return out;
}

/**
 * A view of `model` whose channel carries the console's unsaved settings; components and theming
 * read it instead of the model. Everything else (sending, the connection) is the model's own.
 */
export function previewModel(model: ChatModel, consoleOrigin: string) {
  let settings: PreviewChannel | null = null;
  let memo: { from: ChatState; settings: PreviewChannel | null; state: ChatState } | null = null;
  const listeners = new Set<() => void>();
  const onMessage = (e: MessageEvent) => {
    if (e.source !== window.parent || e.origin !== consoleOrigin || e.data?.type !== PREVIEW_SETTINGS) return;
    settings = settingsOf(e.data.channel);
    for (const fn of listeners) fn();
  };
  addEventListener('message', onMessage);
  window.parent.postMessage({ type: PREVIEW_READY }, consoleOrigin);

  const view = Object.create(model) as ChatModel;
  Object.defineProperty(view, 'state', {
    get(): ChatState {
      const from = model.state;
      // The same object while nothing changed, so a component's state hook sees no change.
      if (memo && memo.from === from && memo.settings === settings) return memo.state;
      const channel = from.channel && settings ? { ...from.channel, ...settings, theme: { ...from.channel.theme, ...settings.theme } } : from.channel;
      memo = { from, settings, state: { ...from, channel } };
      return memo.state;
    },
  });
  view.subscribe = (fn: () => void) => {
    listeners.add(fn);
    const unsubscribe = model.subscribe(fn);
    return () => {
      unsubscribe();
      return listeners.delete(fn);
    };
  };
  return { view, stop: () => removeEventListener('message', onMessage) };
}
