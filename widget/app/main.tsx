// The app chunk: loaded by the loader on intent or when idle (docs/architecture.md section 4) and mounted where
// the mode says (spec 2.10). Builds the model over the real transport and platform pieces.
import { render } from 'preact';
import type { AppHandle, HostBridge, UpdateData } from '../bridge.js';
import { createTokenStore } from '../platform/cookies.js';
import { createTabStore } from '../platform/storage.js';
import { trackVisualViewport } from '../platform/viewport.js';
import { createSocket } from '../transport/socket.js';
import { createChatModel } from './model.js';
import { applyTheme } from './theme.js';
import { isPreview, previewModel } from './preview.js';
import { App } from './components/App.js';
import css from '../styles/app.css?inline';
import { setCatalogue, strings } from './strings.js';
import { createLocaleController } from '../i18n/controller.js';
import { placeLauncher } from '../i18n/mirror.js';
import { pageContext, watchNavigation } from '../platform/navigation.js';
import { transcribe, VoiceError, type Recording } from '../platform/voice.js';
import { fileUrl, FileError, uploadFile } from '../platform/files.js';
import { fileLinks } from './components/Attachments.js';

/** shared/protocol.ts WS_PATH; repeated here because importing that module would bundle its validators. */
const WS_PATH = '/v1/widget/ws';

export const wsUrl = (baseUrl: string) => baseUrl.replace(/^http/, 'ws').replace(/\/+$/, '') + WS_PATH;

/**
 * Mounts the app. With the launcher's panel closed, start-up runs as a chain of short tasks (the
 * stores, which read cookies and sessionStorage, each a round trip to the browser process; then the
 * model; then the stylesheet; then the language and the first render), so that mounting in an idle
 * period is no long task on a slow phone (npm run bench:widget-page). Showing the panel, or any
 * command, finishes the chain at once, so every command still acts at once.
 */
export function mount(bridge: HostBridge): AppHandle {
  const steps = createSteps();
  let stores: Stores;
  let app: AppHandle | undefined;
  steps.add(
    () => (stores = openStores(bridge.config)),
    () => (app = start(bridge, stores, steps)),
  );
  const ready = () => (steps.finish(), app!);
  if (bridge.config.mode !== 'launcher' || bridge.initial.open) ready();
  // `ready`: every command now acts at once. After mount() returns, so a handler that calls
  // Parley('close') reaches the app, not the loader's pre-load state.
  queueMicrotask(() => bridge.emit('ready', { frame_id: bridge.config.frameId }));
  return {
    open: () => ready().open(),
    close: () => ready().close(),
    toggle: () => ready().toggle(),
    update: (data) => ready().update(data),
    setCookieMode: (mode) => ready().setCookieMode(mode),
    identify: (data) => ready().identify(data),
    logout: () => ready().logout(),
    destroy() {
      steps.cancel();
      app?.destroy();
    },
  };
}

interface Stores {
  tokens: ReturnType<typeof createTokenStore>;
  tab: ReturnType<typeof createTabStore>;
}

function openStores(config: HostBridge['config']): Stores {
  return {
    tokens: createTokenStore({ frameId: config.frameId, mode: config.cookies, thirdParty: config.mode === 'frame' }),
    tab: createTabStore(`parley:${config.frameId}`, config.cookies === 'persistent'),
  };
}

/** Start-up steps, one per task (setTimeout 0) until `finish` runs the rest at once. */
function createSteps() {
  const pending: (() => void)[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const next = () => {
    timer = undefined;
    pending.shift()?.();
    if (pending.length) timer ??= setTimeout(next, 0);
  };
  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  return {
    add(...steps: (() => void)[]) {
      pending.push(...steps);
      timer ??= setTimeout(next, 0);
    },
    /** Runs every remaining step now, including those the running ones add. */
    finish() {
      cancel();
      while (pending.length) pending.shift()!();
      cancel();
    },
    cancel() {
      cancel();
      pending.length = 0;
    },
  };
}

type Steps = ReturnType<typeof createSteps>;

/** The app proper, over opened stores; its stylesheet and first render are further steps. */
function start(bridge: HostBridge, { tokens, tab }: Stores, steps: Steps): AppHandle {
  const { config, root, host, container, launcher } = bridge;
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
    // Without the query string or fragment by default (they often hold personal data).
    page: () => update.page ?? pageContext(location.href, document.title),
    // The server words its own texts (greeting, notes, refusals) in the first of these it has: the
    // same order the interface's language follows (embed data-locale, site user locales, browser).
    locales: () => [config.locale, ...userLocales, ...(navigator.languages ?? [navigator.language])].filter((l): l is string => Boolean(l)),
    visible: (open) => open && document.visibilityState === 'visible',
  });
  // In the console's channel preview, what the app shows reads the unsaved settings (preview.ts).
  const preview = isPreview(config.mode) ? previewModel(model, new URL(config.baseUrl).origin) : null;
  const view = preview?.view ?? model;

  const closable = config.mode === 'launcher';
  const setOpen = (open: boolean) => {
    if (!closable) open = true;
    if (open) show();
    if (open === model.state.open) return;
    model.setOpen(open);
    launcher?.setOpen(open);
    bridge.emit(open ? 'open' : 'close', { frame_id: config.frameId });
    if (!open) launcher?.focus();
  };

  // Languages: embed data-locale, then the channel's locale, then the site's user locales,
  // then the browser, then the organization's default language. The app root carries dir and lang, so an RTL language mirrors the layout.
  let userLocales: string[] = [];
  let dir: 'ltr' | 'rtl' = 'ltr';
  const draw = () => render(<App model={view} host={host} closable={closable} onClose={() => setOpen(false)} voice={voice} upload={upload} />, container);
  const i18n = createLocaleController(
    {
      configured: () => [config.locale, view.state.channel?.locale],
      user: () => userLocales,
      browser: () => [...(navigator.languages ?? [navigator.language])].filter(Boolean),
      fallback: () => view.state.channel?.default_locale,
    },
    (choice) => {
      setCatalogue(choice.catalogue);
      dir = choice.dir;
      container.dir = choice.dir;
      container.lang = choice.locale;
      placeLauncher(host, dir, view.state.channel?.theme?.position);
      launcher?.setLabels?.(strings.open, strings.close);
      draw();
    },
  );
  // Voice input (spec 10): uploads with the visitor's gateway tokens; the transcript goes to the composer.
  const voice = (recording: Recording) => {
    const auth = model.voiceAuth();
    if (!auth) return Promise.reject(new VoiceError('upload_failed', 'Not connected yet'));
    return transcribe(recording, { baseUrl: config.baseUrl, frameId: config.frameId, language: i18n.locale, ...auth });
  };
  // Files (docs/attachments.md): sent and shown with the same visitor tokens as voice uploads.
  const fileAuth = () => {
    const auth = model.voiceAuth();
    if (!auth) throw new FileError('not_connected');
    return { baseUrl: config.baseUrl, frameId: config.frameId, ...auth };
  };
  // A file before the first message starts the conversation: the model takes up its session.
  const upload = async (file: File) => model.fileStarted(await uploadFile(file, fileAuth()));
  fileLinks.get = async (id) => fileUrl(id, fileAuth());
  // Single-page apps: follow history navigation unless the site reports pages itself.
  let sitePages = Boolean(update.page);
  const stopNavigation =
    config.mode === 'frame'
      ? () => {}
      : watchNavigation((page) => {
          if (!sitePages) model.updatePage(page);
        });

  if (update.attributes) model.setAttributes(update.attributes);
  const unsubscribe = view.subscribe(() => {
    applyTheme(host, view.state.channel?.theme);
    placeLauncher(host, dir, view.state.channel?.theme?.position);
    i18n.refresh();
  });
  const stopViewport = trackVisualViewport(host);
  const onVisible = () => model.seen();
  document.addEventListener('visibilitychange', onVisible);

  steps.add(
    () => {
      // Constructable stylesheet: no inline <style>, so a CSP without 'unsafe-inline' allows it.
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    },
    () => {
      i18n.refresh();
      draw();
    },
  );
  const show = () => steps.finish();
  setOpen(!closable || bridge.initial.open);
  // A returning visitor is connected at once so the unread badge shows replies that came meanwhile.
  if (model.hasHistory()) model.start();

  return {
    open: () => setOpen(true),
    close: () => setOpen(false),
    toggle: () => setOpen(!model.state.open),
    update(data) {
      update = { ...update, ...data };
      if (data.page) {
        sitePages = true;
        model.updatePage(data.page);
      }
      if (data.attributes) model.setAttributes(data.attributes);
      if (data.locales) {
        userLocales = data.locales;
        i18n.refresh();
      }
    },
    setCookieMode: (mode) => model.setCookieMode(mode),
    identify: (data) => model.identify(data),
    logout: () => model.logout(),
    destroy() {
      unsubscribe();
      preview?.stop();
      stopViewport();
      stopNavigation();
      document.removeEventListener('visibilitychange', onVisible);
      model.destroy();
      render(null, container);
    },
  };
}
