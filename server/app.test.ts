import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing/test-app.js';
import { loadConfig, ConfigError } from './config.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('server foundation', () => {
  it('answers /healthz', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('answers unknown routes with the flat error body', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/nope?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'No route GET /nope', request_id: res.json().request_id });
    expect(res.json().request_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves OpenAPI generated from the route schemas and a docs page', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(spec.paths['/healthz']).toBeDefined();
    const docs = await t.app.inject({ method: 'GET', url: '/v1/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toMatch(/text\/html/);
  });

  it('seeds the demo once', async () => {
    expect(t.demo.api_key).toMatch(/^sk_test_[A-Za-z0-9_-]{43}$/);
    expect((await t.app.ctx.services.org.listOrganizations()).length).toBe(1);
    const { seedDemo } = await import('./demo/seed.js');
    const again = await seedDemo(t.app.ctx);
    expect(again.created).toBe(false);
    expect(again.credentials?.api_key).toBe(t.demo.api_key);
    expect((await t.app.ctx.services.org.listOrganizations()).length).toBe(1);
  });
});

describe('config', () => {
  it('names the variable of an invalid value', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/^PORT:/);
    expect(() => loadConfig({ BASE_URL: 'ftp://x' })).toThrow(/^BASE_URL:/);
    expect(() => loadConfig({ PARLEY_ENV: 'prod' })).toThrow(/^PARLEY_ENV:/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/^LOG_LEVEL:/);
  });

  it('derives CHAT_URL and CDN_URL from BASE_URL by default', () => {
    const c = loadConfig({ BASE_URL: 'https://api.example.com/' });
    expect(c.chatUrl).toBe('https://api.example.com');
    expect(c.cdnUrl).toBe('https://api.example.com');
  });
});
