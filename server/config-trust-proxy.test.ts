// TRUST_PROXY (docs/scaling.md "Behind a reverse proxy"): behind a proxy every visitor's socket peer
// is the proxy, so without it the per-address limits (sign-in failures, widget connections) would
// count all visitors as one. Only the listed proxies' X-Forwarded-For is believed: a client talking
// to Parley directly cannot pick its own address.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { startAtMinuteStart } from './testing/minute-window.js';
import { createTestApp, type TestApp } from './testing/test-app.js';

describe('TRUST_PROXY', () => {
  it('is off unless set, and takes addresses, ranges and the named ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: ' ' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,loopback' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'loopback']);
  });

  it.each(['true', '*', '10.0.0.0/99', 'proxy.internal', '1'])('refuses %j with one line naming the variable', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });
});

describe('per-address limits behind a proxy', () => {
  let t: TestApp | undefined;
  beforeEach(() => {
    startAtMinuteStart();
  });
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  // Sign-in allows 10 failures a minute per address; the 11th from one address is a 429.
  const failLogins = async (app: TestApp, peer: string, forwarded: (i: number) => string) => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await app.app.inject({
        method: 'POST',
        url: '/v1/org/login',
        payload: { email: 'nobody@example.com', password: 'wrong password' },
        remoteAddress: peer,
        headers: { 'x-forwarded-for': forwarded(i) },
      });
      statuses.push(res.statusCode);
    }
    return statuses;
  };

  it('counts each visitor behind a trusted proxy by the address the proxy names', async () => {
    t = await createTestApp({ trustProxy: ['10.1.0.0/16'] });
    const statuses = await failLogins(t, '10.1.2.3', (i) => `203.0.113.${i + 1}`);
    expect(statuses).toEqual(Array(11).fill(401));
  });

  it('ignores X-Forwarded-For from a peer that is not a listed proxy', async () => {
    t = await createTestApp({ trustProxy: ['10.1.0.0/16'] });
    const statuses = await failLogins(t, '198.51.100.9', (i) => `203.0.113.${i + 1}`);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
  });

  it('without TRUST_PROXY counts the socket peer, whatever the header says', async () => {
    t = await createTestApp();
    const statuses = await failLogins(t, '10.1.2.3', (i) => `203.0.113.${i + 1}`);
    expect(statuses[10]).toBe(429);
  });
});
