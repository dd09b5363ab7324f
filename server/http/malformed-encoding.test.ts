// Every registered route, probed with malformed percent-encodings in each path parameter and each
// query parameter, as a stranger, with an API key and with a team session: bad input is a 4xx with
// the flat error body (docs/architecture.md section 2), never a 5xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { ERROR_CODES } from '../../shared/errors.js';

const MALFORMED = ['%', '%25', '%E0%A4%A', '%zz', '%C0%AF', '%ED%A0%80', '%FF', '%00', '%2e%2e%2F%25', '%%30'];
const NOBODY = '0190f0f0-0000-7000-8000-000000000000';

let t: TestApp;
const routes: RouteOptions[] = [];
let auths: Record<string, Record<string, string>>;

beforeAll(async () => {
  t = await createTestApp({}, { onRoute: (r) => void routes.push(r) });
  // Enough quota that the probes reach the handlers instead of a 429.
  await t.app.ctx.services.org.updateOrganization(t.demo.organization_id, { plan: 'enterprise', rate_limits: { per_minute: 1e7, per_day: 1e8 } });
  const login = await t.app.inject({ method: 'POST', url: '/v1/org/login', payload: { email: t.demo.email, password: t.demo.password } });
  const cookie = String(login.headers['set-cookie']).split(';')[0]!;
  auths = {
    stranger: {},
    'api key': { authorization: `Bearer ${t.demo.api_key}` },
    session: { cookie, 'x-csrf-token': login.json().csrf_token },
  };
});
afterAll(() => t?.close());

/** A value for a path parameter that gets the request as far as possible (a real project id). */
const valid = (name: string) => (name === 'project_id' ? t.demo.project_id : name === 'frame_id' ? t.demo.frame_id : NOBODY);
const paramsOf = (url: string) => [...url.matchAll(/:([A-Za-z_]+)|\*/g)].map((m) => m[1] ?? '*');
const fill = (url: string, bad: string, value: string) =>
  url.replace(/:([A-Za-z_]+)|\*/g, (whole, name: string | undefined) => (whole === bad || name === bad ? value : name ? valid(name) : 'x'));

function queryNames(route: RouteOptions): string[] {
  const schema = (route.schema as { querystring?: { properties?: Record<string, unknown> } } | undefined)?.querystring;
  return [...Object.keys(schema?.properties ?? {}), 'q'];
}

/** Every probe URL of a route: each parameter malformed in turn, then each query parameter. */
function probes(route: RouteOptions): string[] {
  const urls: string[] = [];
  for (const value of MALFORMED) {
    for (const p of paramsOf(route.url)) urls.push(fill(route.url, p, value));
    const base = fill(route.url, '', '');
    for (const name of queryNames(route)) urls.push(`${base}?${name}=${value}`);
    urls.push(`${base}?${value}=1`);
  }
  return urls;
}

const methodsOf = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]);
const hasBody = (m: string) => ['POST', 'PUT', 'PATCH'].includes(m);

describe('malformed percent-encoding on every route', () => {
  it('registers the routes being probed', () => {
    const urls = new Set(routes.map((r) => r.url));
    for (const u of ['/healthz', '/docs/*', '/v1/projects/:project_id/conversations', '/v1/org/login']) expect(urls.has(u), u).toBe(true);
    expect(routes.length).toBeGreaterThan(60);
  });

  it('GET /docs/%25 and friends are 4xx with the flat body, and real pages still load', async () => {
    for (const value of MALFORMED) {
      const res = await t.app.inject({ method: 'GET', url: `/docs/${value}` });
      expect(res.statusCode, value).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, value).toBeLessThan(500);
      expect(Object.keys(ERROR_CODES), value).toContain(res.json().error);
    }
    expect((await t.app.inject({ method: 'GET', url: '/docs/README.md' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/docs/docs%2Fapi.md' })).statusCode).toBe(200);
  });

  it('no route answers 5xx, with or without credentials', async () => {
    // State-changing routes last, so a probe that deletes something cannot hide the others.
    const ordered = [...routes].sort((a, b) => Number(methodsOf(a).includes('DELETE')) - Number(methodsOf(b).includes('DELETE')));
    const failures: string[] = [];
    let count = 0;
    for (const route of ordered) {
      for (const method of methodsOf(route)) {
        for (const url of probes(route)) {
          for (const [who, headers] of Object.entries(auths)) {
            const res = await t.app.inject({
              method: method as 'GET',
              url,
              headers: { ...headers, ...(hasBody(method) ? { 'content-type': 'application/json' } : {}) },
              ...(hasBody(method) ? { payload: '{}' } : {}),
            });
            count++;
            if (res.statusCode >= 500) failures.push(`${method} ${url} (${who}): ${res.statusCode} ${res.body.slice(0, 200)}`);
            else if (res.statusCode >= 400 && res.body && String(res.headers['content-type']).startsWith('application/json')) {
              const code = (res.json() as { error?: string }).error;
              if (!code || !(code in ERROR_CODES)) failures.push(`${method} ${url} (${who}): error code ${String(code)}`);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(count).toBeGreaterThan(1000);
  }, 240_000);
});
