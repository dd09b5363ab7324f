// OpenAPI documents every guarded route with its permissions and error responses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let spec: any;
beforeAll(async () => {
  t = await createTestApp();
  spec = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
});
afterAll(() => t.close());

/** The organization routes a person calls before signing in. */
const PUBLIC_ORG = new Set(['/v1/org/login', '/v1/org/invites/accept', '/v1/org/password-reset', '/v1/org/password-reset/complete']);
const toOpenApi = (url: string) => url.replace(/:([a-z_]+)/gi, '{$1}');

describe('OpenAPI', () => {
  it('documents every project route with security, required permissions and error responses', () => {
    expect(t.app.projectRoutes.length).toBeGreaterThan(0);
    for (const route of t.app.projectRoutes) {
      const op = spec.paths[toOpenApi(route.url)]?.[route.method.toLowerCase()];
      expect(op, `${route.method} ${route.url}`).toBeDefined();
      expect(op.security).toEqual([{ apiKey: [] }, { session: [] }]);
      expect(op['x-required-permissions'].slice().sort()).toEqual(route.permissions.slice().sort());
      for (const p of route.permissions) expect(op.description).toContain(p);
      for (const status of ['400', '401', '403', '404', '429']) expect(op.responses[status], `${route.url} ${status}`).toBeDefined();
      expect(op.responses['429'].content['application/json'].schema.properties.retry_after).toBeDefined();
      if (['POST', 'PATCH', 'PUT'].includes(route.method)) expect(op.responses['415']).toBeDefined();
    }
  });

  it('documents the organization routes as session-only', () => {
    const orgOps = Object.entries(spec.paths)
      .filter(([path]) => path.startsWith('/v1/org'))
      .flatMap(([path, ops]) => Object.entries(ops as Record<string, any>).map(([method, op]) => ({ path, method, op })));
    expect(orgOps.length).toBe(t.app.orgRoutes.length);
    for (const { path, method, op } of orgOps) {
      expect(op.responses['400'], `${method} ${path}`).toBeDefined();
      expect(op.responses['429'], `${method} ${path}`).toBeDefined();
      if (PUBLIC_ORG.has(path)) {
        expect(op.security).toEqual([]);
        expect(op.responses['401']).toBeDefined();
        continue;
      }
      expect(op.security, `${method} ${path}`).toEqual([{ session: [] }]);
      expect(op['x-required-role']).toMatch(/^(member|admin|owner)$/);
      expect(op.responses['401']).toBeDefined();
      expect(op.responses['403']).toBeDefined();
    }
  });

  it('says for every other operation who may call it, and documents the 400 of validated input', () => {
    for (const [path, ops] of Object.entries(spec.paths as Record<string, Record<string, any>>)) {
      for (const [method, op] of Object.entries(ops)) {
        const label = `${method} ${path}`;
        expect(Array.isArray(op.security) || op.responses['401'] !== undefined, label).toBe(true);
        if ((op.parameters ?? []).length > 0 || op.requestBody) expect(op.responses['400'] ?? op.responses['422'], label).toBeDefined();
      }
    }
    expect(spec.paths['/healthz'].get.security).toEqual([]);
  });
});
