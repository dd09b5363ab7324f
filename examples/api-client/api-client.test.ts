// The Node API client example: end to end against a real Parley server on a port, and its 429 rules
// (spec 7) against a scripted server on 127.0.0.1.
import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../server/testing/test-app.js';
// @ts-expect-error plain JavaScript example without type declarations
import { createClient, retryDelaySeconds } from './client.mjs';

const script = fileURLToPath(new URL('./index.mjs', import.meta.url));

function run(env: Record<string, string>, args: string[] = []) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [script, ...args], { env: { PATH: process.env.PATH ?? '', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('examples/api-client against a real server', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    base = await t.listen();
  });
  afterAll(() => t.close());

  it('creates a conversation, generates an answer and patches the user, reading the demo credentials', async () => {
    const res = await run({ DATA_DIR: t.dataDir, PARLEY_BASE_URL: base }, ['cust-77', 'How does the widget work?']);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const id = /conversation ([0-9a-f-]{36})/.exec(res.stdout)![1];
    const stored = await t.app.ctx.services.conversations.require(t.demo.project_id, id);
    expect(stored.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(res.stdout).toContain(`assistant: ${stored.messages[1].content}`);
    const user = await t.app.ctx.services.users.require(t.demo.project_id, stored.user_id);
    expect(user).toMatchObject({ external_id: 'cust-77', first_name: 'Example', last_name: 'Customer', external_attributes: { plan: 'pro' } });
  });

  it('waits the retry_after of a real Parley 429, then succeeds with the same request', async () => {
    await t.app.ctx.services.org.updateOrganization(t.demo.organization_id, { plan: 'enterprise', rate_limits: { per_minute: 1, per_day: 1000 } });
    const bucket = `project:${t.demo.project_id}`;
    t.app.rateLimiter.reset(bucket);
    const sleeps: number[] = [];
    // The client's clock: instead of really waiting, the window is over when it wakes up.
    const sleep = async (ms: number) => {
      sleeps.push(ms / 1000);
      t.app.rateLimiter.reset(bucket);
    };
    const client = createClient({ baseUrl: base, apiKey: t.demo.api_key, sleep });
    try {
      // 1 a minute plus the 2x burst: two pass, the third is refused and retried (one more round
      // if the clock minute happens to roll over in between).
      for (let i = 0; i < 6 && sleeps.length === 0; i++) await client.listConversations(t.demo.project_id);
      expect(sleeps).toHaveLength(1);
      expect(sleeps[0]).toBeGreaterThanOrEqual(1);
      expect(sleeps[0]).toBeLessThanOrEqual(60);
    } finally {
      await t.app.ctx.services.org.updateOrganization(t.demo.organization_id, { plan: 'standard' });
      t.app.rateLimiter.reset(bucket);
    }
  });

  it('takes its settings from the environment and reports API errors', async () => {
    const res = await run({ PARLEY_BASE_URL: base, PARLEY_API_KEY: `sk_test_${'x'.repeat(43)}`, PARLEY_PROJECT_ID: t.demo.project_id });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('401 unauthorized');
  });
});

describe('429 handling (spec 7) against a scripted server', () => {
  type Step = { status: number; body?: unknown; headers?: Record<string, string> };
  let server: Server;
  let base: string;
  let script429: Step[] = [];
  const seen: { method: string; idempotencyKey?: string }[] = [];

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res: ServerResponse) => {
      seen.push({ method: req.method!, idempotencyKey: req.headers['idempotency-key'] as string | undefined });
      req.resume();
      const step = script429.shift() ?? { status: 200, body: { ok: true } };
      res.writeHead(step.status, { 'content-type': 'application/json', ...step.headers });
      res.end(step.body === undefined ? '' : JSON.stringify(step.body));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  async function scenario(steps: Step[], method = 'GET') {
    script429 = steps;
    seen.length = 0;
    const sleeps: number[] = [];
    const client = createClient({ baseUrl: base, apiKey: 'sk_test_x', sleep: async (ms: number) => void sleeps.push(ms / 1000) });
    let error: any;
    let result: unknown;
    try {
      result = await client.request(method, '/v1/projects/p/conversations', method === 'POST' ? { a: 1 } : undefined);
    } catch (err) {
      error = err;
    }
    return { sleeps, result, error, requests: seen.length };
  }
  const limited = (body?: unknown, headers?: Record<string, string>): Step => ({ status: 429, body, headers });

  it('waits retry_after from the body first', async () => {
    const r = await scenario([limited({ error: 'rate_limit_exceeded', message: 'retry in 7 seconds', retry_after: 7 }, { 'retry-after': '30' })]);
    expect(r.sleeps).toEqual([7]);
    expect(r.result).toEqual({ ok: true });
  });

  it('falls back to the Retry-After header (seconds or a date)', async () => {
    expect((await scenario([limited({ error: 'rate_limit_exceeded' }, { 'retry-after': '3' })])).sleeps).toEqual([3]);
    const date = new Date(Date.now() + 60_000).toUTCString();
    const r = await scenario([limited(undefined, { 'retry-after': date })]);
    expect(r.sleeps[0]).toBeGreaterThanOrEqual(58);
    expect(r.sleeps[0]).toBeLessThanOrEqual(61);
  });

  it('backs off 1, 2, 4 seconds without hints and gives up after three retries', async () => {
    const ok = await scenario([limited(), limited(), limited()]);
    expect(ok.sleeps).toEqual([1, 2, 4]);
    expect(ok.result).toEqual({ ok: true });
    const fail = await scenario([limited(), limited(), limited(), limited({ error: 'rate_limit_exceeded', message: 'no' })]);
    expect(fail.sleeps).toEqual([1, 2, 4]);
    expect(fail.requests).toBe(4);
    expect(fail.error.status).toBe(429);
  });

  it('keeps one Idempotency-Key across the retries of a POST', async () => {
    const r = await scenario([limited({ retry_after: 0 })], 'POST');
    expect(r.result).toEqual({ ok: true });
    expect(seen).toHaveLength(2);
    expect(seen[0].idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen[1].idempotencyKey).toBe(seen[0].idempotencyKey);
  });

  it('does not retry other errors', async () => {
    const r = await scenario([{ status: 403, body: { error: 'insufficient_permissions', message: 'x' } }]);
    expect(r.requests).toBe(1);
    expect(r.error.status).toBe(403);
    expect(retryDelaySeconds(null, null, 5)).toBe(4);
  });
});
