// The signing snippet in docs/identity.md, run as written, produces what the server verifies
// (the README shows the same snippet; docs/identity.md).
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { loadIdentitySnippet, type IdentitySnippet } from '../../../tests/fixtures/identity-snippet.js';
import { channelIdentitySecret } from './channel-secret.js';
import { verifyJwt, verifyValue } from './verify.js';
import type { Channel } from '../../../shared/schemas/entities.js';

let t: TestApp;
let snippet: IdentitySnippet;
let channel: Channel;
let secret: string;

beforeAll(async () => {
  snippet = await loadIdentitySnippet();
  t = await createTestApp();
  ({ channel, secret } = await channelIdentitySecret(t.app.ctx.services.projects, t.demo.project_id));
});
afterAll(() => t.close());

describe('docs/identity.md signing snippet', () => {
  it('signs each value the way verify.ts checks it', async () => {
    const user = { email: 'ada@example.com', phone: '+49301234567', external_id: 'cust-42', first_name: 'Ada' };
    const identity = snippet.parleyIdentity(secret, user);
    expect(Object.keys(identity).sort()).toEqual(['email', 'email_signature', 'external_id', 'external_id_signature', 'first_name', 'phone', 'phone_signature']);
    for (const f of ['email', 'phone', 'external_id'] as const) expect(verifyValue(secret, f, user[f], identity[`${f}_signature`]!)).toEqual({ ok: true, value: user[f] });
    expect(verifyValue('another-secret', 'email', user.email, identity.email_signature!).ok).toBe(false);
    // Each signature names its field: none passes for another one.
    expect(verifyValue(secret, 'external_id', user.email, identity.email_signature!).ok).toBe(false);

    const anon = await t.app.ctx.services.users.create(t.demo.project_id, {});
    const r = await t.app.ctx.services.identity.identify(t.demo.project_id, channel, anon.id, identity);
    expect([...r.verified_fields].sort()).toEqual(['email', 'external_id', 'phone']);
    expect(r.user).toMatchObject({ email_signed: true, phone_signed: true, external_id_signed: true, first_name: 'Ada' });
  });

  it('issues a short-lived JWT the server accepts, and only with the right secret', async () => {
    const { jwt } = snippet.parleyIdentityToken(secret, { external_id: 'cust-77', email: 'bo@example.com' });
    expect(verifyJwt(secret, jwt)).toEqual({ ok: true, claims: { email: 'bo@example.com', external_id: 'cust-77' } });
    expect(verifyJwt('wrong', jwt).ok).toBe(false);
    expect(verifyJwt(secret, snippet.parleyIdentityToken(secret, { email: 'bo@example.com' }, 86_400).jwt).ok).toBe(false);
    const r = await t.app.ctx.services.identity.identify(t.demo.project_id, channel, null, { jwt });
    expect(r.user).toMatchObject({ external_id: 'cust-77', external_id_signed: true, email_signed: true });
  });
});

describe('README signing snippet', () => {
  it('is the same code as docs/identity.md, so the tests above cover it', async () => {
    const js = (text: string) => /```js\n[\s\S]*?```/.exec(text)?.[0];
    const [readme, doc] = await Promise.all(['README.md', 'docs/identity.md'].map((f) => readFile(new URL(`../../../${f}`, import.meta.url), 'utf8')));
    expect(js(readme)).toBeTruthy();
    expect(js(readme)).toBe(js(doc));
  });
});
