// Login from the console under PORT=0 (as `PORT=0 npm start` and the zero-to-widget test run it):
// the browser's Origin carries the port the server really got, not the configured 0, and is this
// server's own page; another site's Origin is still refused (login CSRF).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.listen();
});
afterAll(() => t.close());

it('accepts the Origin of the port the server listens on when configured with port 0', async () => {
  expect(new URL(t.config.baseUrl).port).toBe('0');
  const login = (origin: string) =>
    fetch(`${base}/v1/org/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify({ email: t.demo.email, password: t.demo.password }) });
  expect((await login(base)).status).toBe(200);
  const other = await login('http://localhost:9');
  expect(other.status).toBe(403);
  expect((await other.json()).error).toBe('csrf_failed');
});
