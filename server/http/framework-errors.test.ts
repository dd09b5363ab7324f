// Fastify's own errors get a 4xx with a stable code and every error body a request id (docs/api.md
// "Errors"): an over-long path parameter was an unlogged 500 on every route, without credentials.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PassThrough } from 'node:stream';
import { errorCodes, type FastifyError } from 'fastify';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { loginAs } from './auth/team-session.fixture.js';
import { jsonLogging } from './logging.js';
import { toErrorResponse } from './error-handler.js';
import { MAX_PARAM_LENGTH } from './framework-errors.js';
import { ERROR_CODES } from '../../shared/errors.js';

let t: TestApp;
let logs = '';
let auths: Record<string, Record<string, string>>;

beforeAll(async () => {
  const out = new PassThrough();
  out.on('data', (chunk) => (logs += chunk));
  t = await createTestApp({ logLevel: 'error' }, { logging: { ...jsonLogging, stream: out } });
  // A route whose bug is the unexpected error: added before the app is ready.
  t.app.get('/test/boom', { schema: { hide: true } }, async () => {
    throw new Error('secret internals');
  });
  const owner = await loginAs(t, 'owner');
  auths = { stranger: {}, 'api key': { authorization: `Bearer ${t.demo.api_key}` }, session: owner.headers };
});
afterAll(() => t?.close());

describe('an over-long path parameter', () => {
  it('is a 400 invalid_request with a request id, with or without credentials', async () => {
    const long = 'a'.repeat(MAX_PARAM_LENGTH + 1);
    const urls = [
      `/v1/projects/${long}/conversations`,
      `/v1/projects/${t.demo.project_id}/conversations/${long}`,
      `/v1/org/projects/${long}`,
      `/frame/${long}`,
      `/examples/${'x'.repeat(5000)}`,
    ];
    for (const url of urls) {
      for (const [who, headers] of Object.entries(auths)) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, `${url} (${who})`).toBe(400);
        const body = res.json();
        expect(body).toMatchObject({ error: 'invalid_request', details: [{ path: 'params' }] });
        expect(body.message).toContain(String(MAX_PARAM_LENGTH));
        expect(body.request_id).toMatch(/^[0-9a-f-]{36}$/);
      }
    }
  });

  it('at the limit reaches the route, whose schema names the parameter', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/v1/projects/${t.demo.project_id}/conversations/${'a'.repeat(MAX_PARAM_LENGTH)}`, headers: auths['api key'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].path).toBe('params.conversation_id');
  });
});

describe('error bodies', () => {
  it('a bad URL, an unknown route, bad JSON and a socket route without upgrade all carry a request id', async () => {
    const cases = [
      { method: 'GET', url: '/docs/%E0%A4%A', status: 400, error: 'invalid_request' },
      { method: 'GET', url: '/nope', status: 404, error: 'not_found' },
      { method: 'GET', url: '/v1/team/ws', status: 404, error: 'not_found' },
      { method: 'POST', url: '/v1/org/login', payload: '{', type: 'application/json', status: 400, error: 'invalid_json' },
      { method: 'POST', url: '/v1/org/login', payload: 'a=1', type: 'application/x-www-form-urlencoded', status: 415, error: 'unsupported_media_type' },
    ] as const;
    for (const c of cases) {
      const res = await t.app.inject({
        method: c.method,
        url: c.url,
        ...('payload' in c ? { payload: c.payload, headers: { 'content-type': c.type } } : {}),
      });
      expect(res.statusCode, c.url).toBe(c.status);
      expect(res.json(), c.url).toMatchObject({ error: c.error, request_id: expect.any(String) });
    }
  });

  it('an unexpected error is a 500 that leaks nothing and is logged under its request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/test/boom' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toEqual({ error: 'internal_error', message: 'Something went wrong on our side', request_id: expect.any(String) });
    const line = logs.split('\n').filter(Boolean).map((l) => JSON.parse(l) as { reqId?: string; msg?: string; err?: { message?: string } })
      .find((l) => l.reqId === body.request_id && l.msg === 'request failed');
    expect(line?.err?.message).toBe('secret internals');
  });
});

describe('the mapping of every FST_ERR_* code', () => {
  // The errors a request can cause (docs/api.md "Errors"); all others are our own misuse of Fastify.
  const REQUEST_CAUSED: Record<string, [number, string]> = {
    FST_ERR_BAD_URL: [400, 'invalid_request'],
    FST_ERR_MAX_PARAM_LENGTH: [400, 'invalid_request'],
    FST_ERR_INVALID_URL: [400, 'invalid_request'],
    FST_ERR_NOT_FOUND: [404, 'not_found'],
    FST_ERR_VALIDATION: [400, 'invalid_request'],
    FST_ERR_CTP_BODY_TOO_LARGE: [413, 'payload_too_large'],
    FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_media_type'],
    FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'invalid_request'],
    FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'invalid_json'],
    FST_ERR_CTP_INVALID_JSON_BODY: [400, 'invalid_json'],
    FST_ERR_ROUTE_MISSING_CONTENT_TYPE: [415, 'unsupported_media_type'],
    FST_ERR_ROUTE_MISSING_CONTENT: [400, 'invalid_request'],
    FST_ERR_HANDLER_TIMEOUT: [503, 'handler_timeout'],
  };

  it('answers each with its status and a catalogued code, and every other one as a 500', () => {
    const codes = Object.keys(errorCodes).filter((c) => c.startsWith('FST_ERR_'));
    expect(codes.length).toBeGreaterThan(80);
    for (const code of codes) {
      const Err = errorCodes[code as keyof typeof errorCodes] as unknown as new (...a: string[]) => FastifyError;
      const { status, body } = toErrorResponse(new Err('a', 'b', 'c'));
      const [wanted, error] = REQUEST_CAUSED[code] ?? [500, 'internal_error'];
      expect({ code, status, error: body.error }).toEqual({ code, status: wanted, error });
      expect(ERROR_CODES[body.error as keyof typeof ERROR_CODES], code).toBe(status);
      expect(body.message, code).not.toMatch(/FST_|'a'/);
    }
  });
});
