// Every registered route, sent a fixed list of hostile requests as a stranger, with an API key and
// with a team session: over-long and odd path parameters, odd and huge query strings, malformed
// bodies and wrong content types. Bad input is a 4xx with the flat error body and a request id
// (docs/api.md "Errors"), never a 5xx. Percent-encoding itself is malformed-encoding.test.ts's job.
// Deterministic: the cases are a fixed list, the routes come from the app's own route table.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { loginAs } from './auth/team-session.fixture.js';
import { ERROR_CODES } from '../../shared/errors.js';

const NOBODY = '0190f0f0-0000-7000-8000-000000000000';
/** The instance operators' token, the one credential of the /v1/admin/ routes. */
const ADMIN_TOKEN = 'fuzz-admin-token-0123456789-ABCDEFGHIJ';

/** Longer than the router's limit (framework-errors.ts MAX_PARAM_LENGTH), refused before any route. */
const LONG_PARAMS = ['a'.repeat(101), `${NOBODY}${'0'.repeat(100)}`, 'x'.repeat(4000)];

/** Path parameter values, each put in one parameter while the others stay valid. */
const PARAMS = [
  LONG_PARAMS[0]!,
  '%C3%A9t%C3%A9', // été
  '%F0%9F%98%80', // an emoji
  '..',
  '%2E%2E%2F%2E%2E',
  '__proto__',
  'constructor',
  "'%20OR%201=1--",
  '%3Cscript%3E',
  '-1',
  '1e999',
];

/** Query strings appended to a route whose parameters are all valid. */
const QUERIES = [
  'limit=-1',
  'limit=1e999',
  'limit=abc',
  'limit=1&limit=2',
  '__proto__[x]=1',
  'a[b][c][d]=1',
  `x=${'y'.repeat(10_000)}`,
  Array.from({ length: 1000 }, (_, i) => `k${i}=${i}`).join('&'),
  `starting_after=${'z'.repeat(300)}`,
  '&&&==&=',
];

/** Values tried in each query parameter the route declares. */
const QUERY_VALUES = ['x'.repeat(1000), '', '1e999', 'null'];

const deep = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
const BIG = 1024 * 1024 + 1;

/** Bodies, sent to every route that takes one (and to DELETE, which may). */
const BODIES: { type?: string; body: string }[] = [
  { type: 'application/json', body: '{' },
  { type: 'application/json', body: '' },
  { type: 'application/json', body: 'null' },
  { type: 'application/json', body: '[]' },
  { type: 'application/json', body: '"text"' },
  { type: 'application/json', body: '{"__proto__":{"polluted":1}}' },
  { type: 'application/json', body: '{"constructor":{"prototype":{"polluted":1}}}' },
  { type: 'application/json', body: `{"external_attributes":${deep(5000)},"name":${deep(2000)}}` },
  { type: 'application/json', body: `[${'['.repeat(5000)}${']'.repeat(5000)}]` },
  { type: 'application/json', body: `"${'a'.repeat(BIG)}"` },
  { type: 'application/json; charset=utf-16', body: '{}' },
  { type: 'text/plain', body: 'hello' },
  { type: 'application/x-www-form-urlencoded', body: 'a=1&b=2' },
  { type: 'multipart/form-data; boundary=x', body: '--x--' },
  { type: 'garbage', body: '{}' },
  { body: 'no content type' },
];

/** Odd headers, sent as a stranger (they are about who is calling). */
const HEADERS: Record<string, string>[] = [
  { authorization: `Bearer ${'x'.repeat(5000)}` },
  { authorization: 'Bearer sk_live_' },
  { cookie: `parley_session=${'%'.repeat(300)}; =; ;;` },
  { 'x-csrf-token': 'x'.repeat(2000), origin: 'null' },
  { accept: 'text/event-stream', 'idempotency-key': 'x'.repeat(300), 'last-event-id': '%%%' },
];

let t: TestApp;
const routes: RouteOptions[] = [];
let stranger: Record<string, string>;
/** The API key and a team session take turns, case by case, so each route meets both. */
let credentials: [string, Record<string, string>][];

beforeAll(async () => {
  t = await createTestApp({ adminTokens: [ADMIN_TOKEN] }, { onRoute: (r) => void routes.push(r) });
  // Enough quota that the probes reach the handlers instead of a 429.
  await t.app.ctx.services.org.updateOrganization(t.demo.organization_id, { plan: 'enterprise', rate_limits: { per_minute: 1e7, per_day: 1e8 } });
  const owner = await loginAs(t, 'owner');
  stranger = {};
  credentials = [
    ['api key', { authorization: `Bearer ${t.demo.api_key}` }],
    ['session', owner.headers],
  ];
});
afterAll(() => t?.close());

const valid = (name: string) => (name === 'project_id' ? t.demo.project_id : name === 'frame_id' ? t.demo.frame_id : NOBODY);
const paramsOf = (url: string) => [...url.matchAll(/:([A-Za-z_]+)|\*/g)].map((m) => m[1] ?? '*');
const fill = (url: string, bad: string, value: string) =>
  url.replace(/:([A-Za-z_]+)|\*/g, (whole, name: string | undefined) => (whole === bad || name === bad ? value : name ? valid(name) : 'x'));
const queryNames = (route: RouteOptions) =>
  Object.keys((route.schema as { querystring?: { properties?: object } } | undefined)?.querystring?.properties ?? {});
const methodsOf = (route: RouteOptions) => [route.method].flat();

interface Probe {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string;
  /** Only as a stranger: the case is about credentials, or it is refused before they are read. */
  strangerOnly?: boolean;
}

function probesOf(route: RouteOptions, method: string): Probe[] {
  const base = fill(route.url, '', '');
  const out: Probe[] = [];
  for (const p of paramsOf(route.url)) {
    for (const v of PARAMS) out.push({ method, url: fill(route.url, p, v) });
    for (const v of LONG_PARAMS.slice(1)) out.push({ method, url: fill(route.url, p, v), strangerOnly: true });
  }
  for (const q of QUERIES) out.push({ method, url: `${base}?${q}` });
  for (const name of queryNames(route)) for (const v of QUERY_VALUES) out.push({ method, url: `${base}?${name}=${encodeURIComponent(v)}` });
  if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) {
    for (const b of BODIES) {
      const strangerOnly = b.body.length >= BIG; // a 413 comes before any credential check
      out.push({ method, url: base, body: b.body, headers: b.type ? { 'content-type': b.type } : {}, strangerOnly });
    }
  }
  for (const h of HEADERS) out.push({ method, url: base, headers: h, strangerOnly: true });
  return out;
}

/**
 * Requests that end the session or delete the demo project go last, so they cannot hide what the
 * other routes do with valid credentials.
 */
const destructive = (route: RouteOptions) =>
  Number(methodsOf(route).includes('DELETE')) + Number(/\/(logout|sign-out-everywhere)$|^\/v1\/org\/projects\/:project_id$/.test(route.url)) * 2;

describe('hostile requests on every route', () => {
  it('enumerates the route table', () => {
    const urls = new Set(routes.map((r) => r.url));
    for (const u of ['/healthz', '/v1/projects/:project_id/conversations/:conversation_id', '/v1/org/login', '/frame/:frame_id']) expect(urls.has(u), u).toBe(true);
    expect(routes.length).toBeGreaterThan(100);
  });

  it('answers no 5xx, and every error body has a code and a request id', async () => {
    // HEAD twins run the GET handler; probing the GET is enough.
    const gets = new Set(routes.filter((r) => methodsOf(r).includes('GET')).map((r) => r.url));
    const ordered = [...routes].sort((a, b) => destructive(a) - destructive(b));
    const serverErrors: string[] = [];
    const failures: string[] = [];
    let count = 0;
    for (const route of ordered) {
      for (const method of methodsOf(route)) {
        if (method === 'HEAD' && gets.has(route.url)) continue;
        for (const [i, probe] of probesOf(route, method).entries()) {
          const credential: [string, Record<string, string>] = route.url.startsWith('/v1/admin/') ? ['admin token', { authorization: `Bearer ${ADMIN_TOKEN}` }] : credentials[i % 2]!;
          const callers: [string, Record<string, string>][] = [['stranger', stranger], ...(probe.strangerOnly ? [] : [credential])];
          for (const [who, headers] of callers) {
            const res = await t.app.inject({
              method: probe.method as 'GET',
              url: probe.url,
              headers: { ...headers, ...probe.headers },
              ...(probe.body !== undefined ? { payload: probe.body } : {}),
            });
            count++;
            const what = `${probe.method} ${probe.url.slice(0, 120)} ${JSON.stringify(probe.headers ?? {}).slice(0, 80)} ${probe.body?.slice(0, 40) ?? ''} (${who})`;
            // 503 not_configured is this server's state, not the input's (no SMTP here: sending a
            // test e-mail cannot work whatever is sent); it is still a coded JSON error.
            const unconfigured = res.statusCode === 503 && res.headers['content-type']?.toString().startsWith('application/json') && res.json().error === 'not_configured';
            if (res.statusCode >= 500 && !unconfigured) {
              serverErrors.push(`${what}: ${res.statusCode} ${res.body.slice(0, 200)}`);
            } else if (res.statusCode >= 400 && method !== 'HEAD') {
              if (!String(res.headers['content-type']).startsWith('application/json')) {
                // The widget frame answers its iframe with a page, not JSON.
                if (!route.url.startsWith('/frame/')) failures.push(`${what}: ${res.statusCode} is not JSON`);
                continue;
              }
              const body = res.json() as { error?: string; request_id?: string };
              if (!body.error || !(body.error in ERROR_CODES)) failures.push(`${what}: error code ${String(body.error)}`);
              if (typeof body.request_id !== 'string' || !body.request_id) failures.push(`${what}: no request_id`);
            }
          }
        }
      }
    }
    expect(serverErrors.slice(0, 20), `${serverErrors.length} responses ≥ 500`).toEqual([]);
    expect(failures.slice(0, 20), `${failures.length} error bodies without a code or request id`).toEqual([]);
    expect(count).toBeGreaterThan(10_000);
  }, 240_000);
});
