// The contract between the loader (no framework, always on the page) and the lazily loaded Preact
// app chunk (docs/architecture.md section 4). Types only: both sides import it with `import type`, so nothing
// here lands in either bundle.
import type { Message } from '../shared/schemas/entities.js';

/** Where the one app is mounted (spec 2.10). `frame` is the app inside the CHAT_URL/frame/{id} page. */
export type MountMode = 'launcher' | 'inline' | 'frame';

/** `persistent` keeps the spec 5.1 cookies; `memory` (consent not given) keeps everything in the tab's memory. */
export type CookieMode = 'persistent' | 'memory';

export interface EmbedConfig {
  frameId: string;
  mode: MountMode;
  /** BASE_URL: the WebSocket lives at BASE_URL/v1/widget/ws. */
  baseUrl: string;
  cookies: CookieMode;
  /** data-locale / boot({locale}): the site's choice of language. */
  locale?: string;
}

export interface PageContext {
  url: string;
  title?: string;
}

/** `Parley('update', {...})`: page context (SPA navigation) and free-form visitor attributes. */
export interface UpdateData {
  page?: PageContext;
  /** Flat values under keys of [A-Za-z0-9_.:-]{1,64}, at most 50; stored as untrusted (widget/README.md). */
  attributes?: Record<string, string | number | boolean | null>;
  /** The signed-in user's preferred languages, when the site knows them. */
  locales?: string[];
}

/** `Parley('identify', {...})` (spec 2.4): signed by the site owner's backend with the channel's identity secret. */
export interface IdentifyData {
  email?: string;
  phone?: string;
  external_id?: string;
  /** HMAC-SHA256 hex of the exact value, keyed with the channel's identity secret. */
  email_signature?: string;
  phone_signature?: string;
  external_id_signature?: string;
  /** Alternatively a short-lived HS256 JWT carrying the values (email, phone, external_id or sub). */
  jwt?: string;
  first_name?: string;
  last_name?: string;
}

export interface WidgetEventMap {
  ready: { frame_id: string };
  open: { frame_id: string };
  close: { frame_id: string };
  message: { frame_id: string; message: Message };
  unread_count: { frame_id: string; count: number };
}
export type WidgetEventName = keyof WidgetEventMap;

/** What the loader hands the app when it mounts it. */
export interface HostBridge {
  config: EmbedConfig;
  /** The shadow root the app adopts its stylesheet into. */
  root: ShadowRoot;
  /** The element carrying theme variables and position classes. */
  host: HTMLElement;
  /** The element the app renders into. */
  container: HTMLElement;
  emit<E extends WidgetEventName>(event: E, payload: WidgetEventMap[E]): void;
  /** Launcher mode only: the button the loader painted. */
  launcher?: { setOpen(open: boolean): void; setUnread(count: number): void; focus(): void; setLabels?(open: string, close: string): void };
  initial: { open: boolean; update: UpdateData };
}

export interface AppHandle {
  open(): void;
  close(): void;
  toggle(): void;
  update(data: UpdateData): void;
  setCookieMode(mode: CookieMode): void;
  identify(data: IdentifyData): void;
  logout(): void;
  destroy(): void;
}

export type AppModule = { mount(bridge: HostBridge): AppHandle };
