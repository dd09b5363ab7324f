// The public JavaScript API a site owner calls. Types only, for site owners' TypeScript:
//
//   window.Parley = window.Parley || function () { (Parley.q = Parley.q || []).push(arguments); };
//   Parley('open');                                   // every widget on the page (usually one)
//   Parley({ frame_id: 'fr_…' }, 'open');             // one widget when several are embedded
//   Parley('on', 'message', (e) => console.log(e.message.content));
//   Parley('update', { page: { url: location.href, title: document.title } });
//   Parley('cookies', 'persistent');                  // consent given: keep the spec 5.1 cookies
//   Parley('identify', { email, email_signature });   // verified identity, signed by your backend
//   Parley('logout');                                 // your user signed out: forget the visitor
//
// Calls made before the loader runs are queued by the stub above and replayed in order.
import type { CookieMode, IdentifyData, UpdateData, WidgetEventMap, WidgetEventName } from './bridge.js';

export type { CookieMode, IdentifyData, UpdateData, WidgetEventMap, WidgetEventName };

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
  /** The widget's language (data-locale), e.g. 'de'; default: the channel's, then the browser's. */
  locale?: string;
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
  /** Verified identity (spec 2.4): values signed by your backend with the channel's identity secret. */
  identify: [data: IdentifyData];
  /** Forget the visitor: revokes the session, rotates the device, wipes the widget's cookies and state. */
  logout: [];
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
