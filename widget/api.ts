// The public JavaScript API a site owner calls (issue 4). Types only, for site owners' TypeScript:
//
//   window.Parley = window.Parley || function () { (Parley.q = Parley.q || []).push(arguments); };
//   Parley('open');                                   // every widget on the page (usually one)
//   Parley({ frame_id: 'fr_…' }, 'open');             // one widget when several are embedded
//   Parley('on', 'message', (e) => console.log(e.message.content));
//   Parley('update', { page: { url: location.href, title: document.title } });
//   Parley('cookies', 'persistent');                  // consent given: keep the spec 5.1 cookies
//
// Calls made before the loader runs are queued by the stub above and replayed in order.
import type { CookieMode, UpdateData, WidgetEventMap, WidgetEventName } from './bridge.js';

export type { CookieMode, UpdateData, WidgetEventMap, WidgetEventName };

export interface BootOptions {
  frame_id: string;
  mode?: 'launcher' | 'inline' | 'iframe';
  /** CSS selector of the host element (inline and iframe modes). */
  target?: string;
  /** BASE_URL (API and WebSocket); default: the loader's origin. */
  base_url?: string;
  /** CHAT_URL (iframe pages); default: base_url. */
  chat_url?: string;
  cookies?: CookieMode;
}

export interface Target {
  frame_id: string;
}

export interface ParleyCommands {
  open: [];
  close: [];
  toggle: [];
  update: [data: UpdateData];
  cookies: [mode: CookieMode];
  destroy: [];
  boot: [options: BootOptions];
}

export interface ParleyApi {
  <C extends keyof ParleyCommands>(command: C, ...args: ParleyCommands[C]): void;
  <C extends keyof ParleyCommands>(target: Target, command: C, ...args: ParleyCommands[C]): void;
  <E extends WidgetEventName>(command: 'on' | 'off', event: E, handler: (payload: WidgetEventMap[E]) => void): void;
  <E extends WidgetEventName>(target: Target, command: 'on' | 'off', event: E, handler: (payload: WidgetEventMap[E]) => void): void;
  /** Frame ids of the widgets on this page. */
  widgets(): string[];
}

declare global {
  interface Window {
    Parley?: ParleyApi;
  }
}
