// The widget's only cookies (spec 5.1, docs/architecture.md section 4): parley-device-<frame_id>,
// parley-user-<frame_id>, parley-session-<frame_id>. Values are server-signed tokens (a copied id
// cannot impersonate a device), not HttpOnly because this script reads them. First-party modes use
// SameSite=Lax (+ Secure on https); inside the CHAT_URL frame the page is third-party, so
// SameSite=None; Secure; Partitioned (CHIPS). When cookies are refused or blocked, or the site keeps
// the visitor in `memory` mode until consent, the tokens live in memory and the widget still works
// for the tab.
import Cookies from 'js-cookie';
import type { CookieMode } from '../bridge.js';

export type TokenKind = 'device' | 'user' | 'session';
export type Tokens = Partial<Record<TokenKind, string>>;

/** Lifetimes in days: 6 months, 6 months, 7 days (the session one may be overridden per channel). */
export const DEVICE_DAYS = 183;
export const USER_DAYS = 183;
export const DEFAULT_SESSION_DAYS = 7;

const KINDS: TokenKind[] = ['device', 'user', 'session'];

export const cookieName = (kind: TokenKind, frameId: string) => `parley-${kind}-${frameId}`;

export interface TokenStore {
  get(kind: TokenKind): string | undefined;
  all(): Tokens;
  set(tokens: Tokens): void;
  /** Re-writes every present cookie with a fresh expiry (spec 5.1: refreshed on interaction). */
  refresh(): void;
  setSessionDays(days: number): void;
  /** Switches between cookies and memory (consent given or withdrawn). */
  setMode(mode: CookieMode): void;
  /** True when the tokens really are in cookies (false: memory only). */
  persistent(): boolean;
  clear(kinds?: TokenKind[]): void;
}

export function createTokenStore(opts: { frameId: string; mode: CookieMode; thirdParty: boolean }): TokenStore {
  const memory: Tokens = {};
  let sessionDays = DEFAULT_SESSION_DAYS;
  let mode = opts.mode;
  let usable = true;
  const https = location.protocol === 'https:';
  // Browsers treat 127.0.0.1/localhost as secure contexts, so Secure cookies work there over http too.
  const attrs = opts.thirdParty
    ? { path: '/', sameSite: 'None' as const, secure: true, partitioned: true }
    : { path: '/', sameSite: 'Lax' as const, secure: https };
  const days = (kind: TokenKind) => (kind === 'session' ? sessionDays : kind === 'user' ? USER_DAYS : DEVICE_DAYS);
  const name = (kind: TokenKind) => cookieName(kind, opts.frameId);

  const write = (kind: TokenKind, value: string) => {
    if (mode !== 'persistent' || !usable) return;
    try {
      Cookies.set(name(kind), value, { ...attrs, expires: days(kind) });
      // A blocked cookie silently does not stick: fall back to memory for the rest of the tab.
      if (Cookies.get(name(kind)) !== value) usable = false;
    } catch {
      usable = false;
    }
  };
  const remove = (kind: TokenKind) => {
    try {
      Cookies.remove(name(kind), attrs);
    } catch {
      /* cookies unavailable: nothing to remove */
    }
  };

  // Adopt tokens from a previous visit: one read of document.cookie for all of them (each read is a
  // synchronous round trip to the browser process, felt at start-up on a slow phone).
  if (mode === 'persistent') {
    try {
      const jar = Cookies.get();
      for (const kind of KINDS) if (jar[name(kind)]) memory[kind] = jar[name(kind)];
    } catch {
      usable = false;
    }
  }

  return {
    get: (kind) => memory[kind],
    all: () => ({ ...memory }),
    set(tokens) {
      for (const kind of KINDS) {
        const v = tokens[kind];
        if (!v) continue;
        memory[kind] = v;
        write(kind, v);
      }
    },
    refresh() {
      for (const kind of KINDS) if (memory[kind]) write(kind, memory[kind]!);
    },
    setSessionDays(d) {
      if (Number.isFinite(d) && d >= 1 && d !== sessionDays) {
        sessionDays = Math.min(365, Math.floor(d));
        if (memory.session) write('session', memory.session);
      }
    },
    setMode(next) {
      if (next === mode) return;
      mode = next;
      if (mode === 'memory') for (const kind of KINDS) remove(kind);
      else this.refresh();
    },
    persistent: () => mode === 'persistent' && usable,
    clear(kinds = KINDS) {
      for (const kind of kinds) {
        delete memory[kind];
        remove(kind);
      }
    },
  };
}
