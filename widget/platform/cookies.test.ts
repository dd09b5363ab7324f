// @vitest-environment happy-dom
// @vitest-environment-options { "url": "https://shop.example/products" }
// Token storage rules (spec 5.1) on happy-dom's cookie jar; attributes and lifetimes as Chromium
// stores them are checked in tests/browser/session.test.ts.
import { describe, expect, it } from 'vitest';
import { cookieName, createTokenStore } from './cookies.js';

/** Cookie names of one frame id (each test uses its own frame id, so tests do not see each other's). */
const names = (frameId: string) =>
  document.cookie
    .split(';')
    .map((c) => c.trim().split('=')[0])
    .filter((n) => n.endsWith(`-${frameId}`))
    .sort();

describe('token store', () => {
  it('names cookies parley-<kind>-<frame_id> and reads them back on the next visit', () => {
    const a = createTokenStore({ frameId: 'fr_abc', mode: 'persistent', thirdParty: false });
    a.set({ device: 'dev.token.sig' });
    expect(names('fr_abc')).toEqual([cookieName('device', 'fr_abc')]);
    a.set({ user: 'user.token.sig', session: 'session.token.sig' });
    expect(names('fr_abc')).toEqual(['parley-device-fr_abc', 'parley-session-fr_abc', 'parley-user-fr_abc']);
    const b = createTokenStore({ frameId: 'fr_abc', mode: 'persistent', thirdParty: false });
    expect(b.all()).toEqual({ device: 'dev.token.sig', user: 'user.token.sig', session: 'session.token.sig' });
    expect(b.persistent()).toBe(true);
  });

  it('memory mode writes no cookie until consent, and withdrawing consent deletes them', () => {
    const s = createTokenStore({ frameId: 'fr_mem', mode: 'memory', thirdParty: false });
    s.set({ device: 'd', user: 'u', session: 's' });
    expect(names('fr_mem')).toEqual([]);
    expect(s.get('session')).toBe('s');
    s.setMode('persistent');
    expect(names('fr_mem')).toEqual(['parley-device-fr_mem', 'parley-session-fr_mem', 'parley-user-fr_mem']);
    s.setMode('memory');
    expect(names('fr_mem')).toEqual([]);
    expect(s.get('user')).toBe('u');
  });

  it('clear() forgets user and session but keeps the device', () => {
    const s = createTokenStore({ frameId: 'fr_c', mode: 'persistent', thirdParty: false });
    s.set({ device: 'd', user: 'u', session: 's' });
    s.clear(['user', 'session']);
    expect(names('fr_c')).toEqual(['parley-device-fr_c']);
    expect(s.all()).toEqual({ device: 'd' });
  });
});
