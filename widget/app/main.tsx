// The app chunk: loaded by the loader on intent or when idle (DESIGN.md section 4) and mounted where
// the mode says (spec 2.10). Builds the model over the real transport and platform pieces.
import { render } from 'preact';
import type { AppHandle, HostBridge, UpdateData } from '../bridge.js';
import { createTokenStore } from '../platform/cookies.js';
import { createTabStore } from '../platform/storage.js';
import { trackVisualViewport } from '../platform/viewport.js';
import { createSocket } from '../transport/socket.js';
import { createChatModel } from './model.js';
import { applyTheme } from './theme.js';
import { App } from './components/App.js';
import css from '../styles/app.css?inline';

/** shared/protocol.ts WS_PATH; repeated here because importing that module would bundle its validators. */
const WS_PATH = '/v1/widget/ws';

export const wsUrl = (baseUrl: string) => baseUrl.replace(/^http/, 'ws').replace(/\/+$/, '') + WS_PATH;

export function mount(bridge: HostBridge): AppHandle {
  const { config, root, host, container, launcher } = bridge;
  // Constructable stylesheet: no inline <style>, so a CSP without 'unsafe-inline' allows it.
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];

  const persistent = config.cookies === 'persistent';
  const tokens = createTokenStore({ frameId: config.frameId, mode: config.cookies, thirdParty: config.mode === 'frame' });
  const tab = createTabStore(`parley:${config.frameId}`, persistent);
  let update: UpdateData = bridge.initial.update;
  const model = createChatModel({
    frameId: config.frameId,
    tokens,
    tab,
    connect: (handlers) => createSocket({ url: wsUrl(config.baseUrl), ...handlers }),
    emit: (event, payload) => {
      if (event === 'unread_count') launcher?.setUnread((payload as { count: number }).count);
      bridge.emit(event, payload);
    },
    page: () => update.page ?? { url: location.href.slice(0, 2048), title: document.title.slice(0, 512) },
    locales: () => [...(navigator.languages ?? [navigator.language])].filter(Boolean),
    visible: (open) => open && document.visibilityState === 'visible',
  });

  const closable = config.mode === 'launcher';
  const setOpen = (open: boolean) => {
    if (!closable) open = true;
    if (open === model.state.open) return;
    model.setOpen(open);
    launcher?.setOpen(open);
    bridge.emit(open ? 'open' : 'close', { frame_id: config.frameId });
    if (!open) launcher?.focus();
  };

  const unsubscribe = model.subscribe(() => applyTheme(host, model.state.channel?.theme));
  const stopViewport = trackVisualViewport(host);
  const onVisible = () => model.seen();
  document.addEventListener('visibilitychange', onVisible);

  render(<App model={model} host={host} closable={closable} onClose={() => setOpen(false)} />, container);
  setOpen(!closable || bridge.initial.open);
  // A returning visitor is connected at once so the unread badge shows replies that came meanwhile.
  if (model.hasHistory()) model.start();

  return {
    open: () => setOpen(true),
    close: () => setOpen(false),
    toggle: () => setOpen(!model.state.open),
    update(data) {
      update = { ...update, ...data };
      if (data.page) model.updatePage(data.page);
    },
    setCookieMode: (mode) => model.setCookieMode(mode),
    destroy() {
      unsubscribe();
      stopViewport();
      document.removeEventListener('visibilitychange', onVisible);
      model.destroy();
      render(null, container);
    },
  };
}
