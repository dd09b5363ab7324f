// Free-form JSON has documented depth and size limits (docs/api.md): a value beyond them is a clear
// 400 and leaves nothing behind, neither in memory nor on disk; later requests keep working.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { FREE_FORM_LIMITS } from '../../lib/free-form.js';

let t: TestApp;
let P: string;
let H: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  P = `/v1/projects/${t.demo.project_id}/users`;
  H = { authorization: `Bearer ${t.demo.api_key}`, 'content-type': 'application/json' };
});
afterAll(() => t.close());

const req = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: string) =>
  t.app.inject({ method, url, headers: H, ...(payload === undefined ? {} : { payload }) });

/** `{"a":{"a":…{"a":1}}}` nested `depth` levels, built as text so the test itself cannot overflow. */
const nested = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

describe('free-form JSON limits (external_attributes)', () => {
  it.each([6000, 2000, FREE_FORM_LIMITS.maxDepth + 1])('refuses attributes nested %i deep with a 400 and keeps no phantom user', async (depth) => {
    const id = `deep-${depth}`;
    const res = await req('POST', P, `{"external_id":"${id}","external_attributes":${nested(depth)}}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_request', details: [{ path: 'external_attributes' }] });
    expect((await req('GET', P)).statusCode).toBe(200);
    expect((await req('GET', `${P}?external_id=${id}`)).json().data).toEqual([]);
    // The same external id is still free.
    expect((await req('POST', P, JSON.stringify({ external_id: id }))).statusCode).toBe(201);
  });

  it('accepts attributes up to the limits and keeps patching them', async () => {
    const ok = await req('POST', P, `{"external_id":"deep-ok","external_attributes":${nested(FREE_FORM_LIMITS.maxDepth - 1)}}`);
    expect(ok.statusCode).toBe(201);
    const patched = await req('PATCH', `${P}/${ok.json().id}`, JSON.stringify({ external_attributes: { plan: 'pro' } }));
    expect(patched.statusCode).toBe(200);
    expect(patched.json().external_attributes.plan).toBe('pro');
  });

  it('refuses a value larger than the size limit, also when a patch makes the merged value too large', async () => {
    const big = 'x'.repeat(FREE_FORM_LIMITS.maxBytes);
    expect((await req('POST', P, JSON.stringify({ external_id: 'big', external_attributes: { big } }))).statusCode).toBe(400);
    const half = 'y'.repeat(FREE_FORM_LIMITS.maxBytes / 2);
    const user = (await req('POST', P, JSON.stringify({ external_id: 'half', external_attributes: { one: half } }))).json();
    const res = await req('PATCH', `${P}/${user.id}`, JSON.stringify({ external_attributes: { two: half } }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_request');
    expect(Object.keys((await req('GET', `${P}/${user.id}`)).json().external_attributes)).toEqual(['one']);
  });
});
