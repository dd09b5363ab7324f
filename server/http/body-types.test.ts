// JSON bodies are validated without type coercion (server/http/validator.ts): a null clears a
// nullable number instead of becoming 0, and a number sent as text is a 400, while query strings are
// still read as numbers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.js';

let t: TestApp;
const api = (method: 'GET' | 'PATCH', path: string, payload?: object) =>
  t.app.inject({ method, url: `/v1/projects/${t.demo.project_id}${path}`, headers: { authorization: `Bearer ${t.demo.api_key}` }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('request body types', () => {
  it('keeps a null as null and refuses a number written as text', async () => {
    expect((await api('PATCH', '/profiles/default', { model: { temperature: 0.4, max_tool_rounds: 2 } })).json().model).toMatchObject({ temperature: 0.4, max_tool_rounds: 2 });
    expect((await api('PATCH', '/profiles/default', { model: { temperature: null, max_tool_rounds: null } })).json().model).toMatchObject({ temperature: null, max_tool_rounds: null });
    expect((await api('GET', '/profiles/default')).json().model).toMatchObject({ temperature: null, max_tool_rounds: null });
    const text = await api('PATCH', '/profiles/default', { model: { temperature: '0.5' } });
    expect(text.statusCode).toBe(400);
    expect(text.json().error).toBe('invalid_request');
  });

  it('still reads query-string numbers', async () => {
    const r = await api('GET', '/conversations?limit=2');
    expect(r.statusCode).toBe(200);
  });
});
