// The loader (docs/architecture.md section 4): the one classic script a site owner pastes. No framework
// inside: it paints the launcher itself, keeps a typed command API with a queue for early calls, and
// loads the Preact app chunk on intent (hover, focus, touch, click) or when the browser is idle.
// Budget: 3 KB on the wire, brotli (`npm run size`). Several widgets (different frame ids) can share a page.
//
//   <script async src="CDN_URL/widget/loader.js" data-frame-id="fr_…" data-mode="launcher|inline|iframe"
//           data-target="#el" data-base-url="BASE_URL" data-chat-url="CHAT_URL" data-cookies="memory" nonce="…">
import type { AppHandle, AppModule, CookieMode, HostBridge, IdentifyData, MountMode, UpdateData } from './bridge.js';
import type { BootOptions } from './api.js';
import { paintLauncher, type LauncherParts } from './modes/launcher.js';
import css from './styles/launcher.css?inline';

type Args = unknown[];
interface Widget {
  run(command: string, args: Args): void;
}
interface Registry {
  (...args: Args): void;
  q?: Args[];
  widgets(): string[];
  _w: Record<string, Widget>;
}

const win = window as unknown as { Parley?: Registry };
const script = document.currentScript as HTMLScriptElement | null;
const src = script?.src || location.href;
const widgets: Record<string, Widget> = win.Parley?._w ?? {};
/** Listeners: event, handler, optional frame id (none: every widget). */
const listeners: [string, (payload: unknown) => void, string?][] = [];
/**
 * Commands a host page forwards to its chat frame (iframe mode). identify/logout carry the
 * site backend's signatures, which prove nothing to anyone but the server, so they may cross.
 */
const FORWARD = /^(update|cookies|identify|logout)$/;
/** Commands for a frame id whose widget is not booted yet (its loader tag comes later). */
const waiting: Record<string, Args[]> = {};

function emit(frameId: string, event: string, payload: unknown) {
  for (const [e, fn, target] of listeners.slice()) {
    if (e === event && (!target || target === frameId)) {
      try {
        fn(payload);
      } catch (err) {
        setTimeout(() => {
          throw err;
        });
      }
    }
  }
}

function command(...args: Args) {
  const target = typeof args[0] === 'object' && args[0] ? (args.shift() as { frame_id: string }).frame_id : undefined;
  const [name, ...rest] = args as [string, ...Args];
  if (name === 'on') return void listeners.push([rest[0] as string, rest[1] as (p: unknown) => void, target]);
  if (name === 'off') {
    const i = listeners.findIndex(([e, fn, t]) => e === rest[0] && fn === rest[1] && t === target);
    return void (i >= 0 && listeners.splice(i, 1));
  }
  if (name === 'boot') return boot(rest[0] as BootOptions);
  if (target && !widgets[target]) return void (waiting[target] ||= []).push([name, ...rest]);
  for (const id in widgets) if (!target || id === target) widgets[id].run(name, rest);
}

function boot(o: BootOptions, now?: boolean) {
  const id = o?.frame_id;
  if (!id || (widgets[id] && !waiting[id])) return;
  if (!now) {
    // Booted in a later task (after DOMContentLoaded while the document is loading), so evaluating
    // this script and booting are two short tasks on a slow phone, not one long one (npm run
    // bench:widget-page). Known at once, so commands made meanwhile (the stub's queue: identify,
    // logout…) wait for this widget instead of finding none and being dropped.
    widgets[id] = { run: (name, args) => void (waiting[id] ||= []).push([name, ...args]) };
    waiting[id] ||= [];
    const later = () => setTimeout(() => boot(o, true));
    return void (document.readyState === 'loading' ? document.addEventListener('DOMContentLoaded', later) : later());
  }
  const baseUrl = (o.base_url || new URL(src).origin).replace(/\/+$/, '');
  // Inside the CHAT_URL/frame/{frame_id} page the app fills the frame; on a host page `iframe`
  // mode only inserts that frame (the site may also write the <iframe> tag itself).
  const inFrame = location.pathname.endsWith('/frame/' + id);
  const mode: MountMode | 'iframe' = inFrame ? 'frame' : o.mode === 'inline' || o.mode === 'iframe' ? o.mode : 'launcher';
  // Before the app loads, the closed launcher already speaks the visitor's language for the shipped
  // locales (data-locale, else the browser's) and sits on the mirrored side (`left`) for Arabic
  //; once loaded the app applies the full resolution (channel and user locales too) and
  // the channel's own position.
  const lang = (o.locale || navigator.language).slice(0, 2);
  const host = document.createElement('parley-widget');
  host.dataset.frameId = id;
  host.className = mode + (lang == 'ar' ? ' left' : '');
  const root = host.attachShadow({ mode: 'open' });
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  root.adoptedStyleSheets = [sheet];
  const place = (o.target && document.querySelector(o.target)) || document.body;
  place.append(host);

  let cookies: CookieMode = o.cookies === 'memory' || (inFrame && /[?&]cookies=memory/.test(location.search)) ? 'memory' : 'persistent';
  let app: AppHandle | undefined;
  let loading: Promise<void> | undefined;
  let wantOpen = false;
  /** The launcher's open/close labels; the app replaces them with the visitor's language. */
  let labels = [({ de: 'Chat öffnen', es: 'Abrir chat', fr: 'Ouvrir le chat', it: 'Apri la chat', pt: 'Abrir chat', nl: 'Chat openen', ar: 'فتح المحادثة' } as Record<string, string>)[lang] || 'Open chat', 'Close chat'];
  /** identify/logout calls made before the app loaded, replayed in order once it is mounted. */
  const early: [string, Args][] = [];
  let update: UpdateData = {};
  let launcher: LauncherParts | undefined;
  const container = document.createElement('div');
  container.className = 'app';

  // postMessage bridge between a host page and its chat frame (docs/architecture.md section 4): always an
  // explicit target origin, and only messages from the expected window and origin are read. The
  // frame reports events to the host; the host forwards `update` and `cookies` to the frame.
  let toFrame: ((name: string, args: Args) => void) | undefined;
  const parentOrigin = inFrame && parent !== window ? location.ancestorOrigins?.[0] || (document.referrer && new URL(document.referrer).origin) : '';
  const onMessage = (accept: (e: MessageEvent) => boolean, fn: (d: { event?: string; payload?: unknown; command?: string; args?: Args }) => void) =>
    addEventListener('message', (e) => void (accept(e) && e.data?.parley === id && fn(e.data)));
  if (parentOrigin) onMessage((e) => e.source === parent && e.origin === parentOrigin, (d) => FORWARD.test(d.command!) && run(d.command!, d.args!));

  if (mode === 'iframe') {
    const frame = document.createElement('iframe');
    // The consent choice travels in the URL, so the frame never writes a cookie before it knows it.
    frame.src = `${(o.chat_url || baseUrl).replace(/\/+$/, '')}/frame/${encodeURIComponent(id)}${cookies === 'memory' ? '?cookies=memory' : ''}`;
    frame.title = 'Chat';
    frame.allow = 'microphone';
    root.append(frame);
    const origin = new URL(frame.src).origin;
    toFrame = (command, args) => frame.contentWindow?.postMessage({ parley: id, command, args }, origin);
    onMessage(
      (e) => e.source === frame.contentWindow && e.origin === origin,
      (d) => {
        // Calls made before the frame's app listened were lost in transit: replay their sum now.
        if (d.event === 'ready') toFrame!('update', [update]), toFrame!('cookies', [cookies]);
        emit(id, d.event!, d.payload);
      },
    );
  } else if (mode === 'launcher') {
    // The button is painted in a task of its own, after this one's host, shadow root and stylesheet,
    // so no part of the loader's start-up is a long task on a slow phone (npm run
    // bench:widget-page). Anything that needs the button first paints it at once.
    setTimeout(paint);
  } else root.append(container);
  function paint() {
    if (mode !== 'launcher' || launcher) return;
    launcher = paintLauncher(host, root, container, (open) => labels[+open]);
    const intent = () => load();
    for (const e of ['pointerenter', 'focus', 'touchstart']) launcher.button.addEventListener(e, intent, { passive: true });
    launcher.button.addEventListener('click', () => run('toggle', []));
  }

  // Start-up work is split so that no part of it is one long task on a slow phone: loaded while
  // idle, the app chunk is evaluated in one task and mounted in a later idle period, unless an intent
  // (or a command that needs the app) arrives first and mounts it at once.
  let urgent = false;
  let mountNow: (() => void) | undefined;
  const whenIdle = (fn: () => void) => ('requestIdleCallback' in window ? requestIdleCallback(fn, { timeout: 5000 }) : setTimeout(fn, 3000));
  function load(now = true) {
    paint();
    if (now) {
      urgent = true;
      mountNow?.();
    }
    if (mode === 'iframe') return Promise.resolve();
    return (loading ||= import(/* @vite-ignore */ new URL(__PARLEY_APP__, src).href)
      .then((m: AppModule) => (urgent ? m : new Promise<AppModule>((resolve) => whenIdle((mountNow = () => resolve(m))))))
      .then(
      (m: AppModule) => {
        if (!host.isConnected) return;
        const bridge: HostBridge = {
          config: { frameId: id, mode: mode as MountMode, baseUrl, cookies, locale: o.locale },
          root,
          host,
          container,
          emit: (event, payload) => {
            emit(id, event, payload);
            if (parentOrigin) parent.postMessage({ parley: id, event, payload }, parentOrigin);
          },
          launcher: launcher && {
            setOpen: launcher.setOpen,
            setUnread: launcher.setUnread,
            focus: () => launcher!.button.focus(),
            setLabels(open, close) {
              labels = [open, close];
              launcher!.setOpen();
            },
          },
          initial: { open: wantOpen, update },
        };
        app = m.mount(bridge);
        for (const [name, args] of early.splice(0)) run(name, args);
      },
      () => {
        loading = undefined; // a failed download may be retried by the next intent
      },
    ));
  }

  function run(name: string, args: Args) {
    if (name === 'destroy') {
      app?.destroy();
      host.remove();
      delete widgets[id];
      return;
    }
    if (name === 'update') update = { ...update, ...(args[0] as UpdateData) };
    if (name === 'cookies') cookies = args[0] === 'memory' ? 'memory' : 'persistent';
    if (toFrame) return void (FORWARD.test(name) && toFrame(name, args));
    if (app) {
      if (name === 'cookies') app.setCookieMode(cookies);
      else if (name === 'update') app.update(args[0] as UpdateData);
      else if (name === 'open' || name === 'close' || name === 'toggle') app[name]();
      else if (name === 'identify') app.identify(args[0] as IdentifyData);
      else if (name === 'logout') app.logout();
      return;
    }
    if (name === 'identify' || name === 'logout') {
      early.push([name, args]);
      load();
    } else if (name === 'open' || name === 'toggle') {
      wantOpen = name === 'open' || !wantOpen;
      load();
    } else if (name === 'close') wantOpen = false;
  }

  widgets[id] = { run };
  for (const args of waiting[id] ?? []) run(args[0] as string, args.slice(1));
  delete waiting[id];
  // Inline and frame modes show the chat at once; the launcher loads when idle if no intent came first.
  if (mode !== 'launcher') load();
  else whenIdle(() => load(false));
}

if (!win.Parley?._w) {
  const queued = win.Parley?.q ?? [];
  const api = command as Registry;
  api._w = widgets;
  api.widgets = () => Object.keys(widgets);
  win.Parley = api;
  if (script?.dataset.frameId) bootFromScript(script);
  for (const args of queued) command(...Array.from(args));
} else if (script?.dataset.frameId) bootFromScript(script);

function bootFromScript(s: HTMLScriptElement) {
  const d = s.dataset;
  win.Parley!('boot', { frame_id: d.frameId!, mode: d.mode, target: d.target, base_url: d.baseUrl, chat_url: d.chatUrl, cookies: d.cookies, locale: d.locale } as BootOptions);
}
