// Idempotency-Key on the real app: per-principal isolation, the 409 while the first request runs,
// expiry, takeover of a pending record whose request died, replay after a restart on the same data
// directory, malformed keys and 5xx results that must stay retryable. The language model is the
// scripted OpenAI-compatible server (an edge fake) so a request can be held open or failed on demand.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { testConfig } from '../config.js';
import { seedDemo } from '../demo/seed.js';
import { clock } from '../lib/clock.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { startScriptedLlm, type ScriptedLlm } from '../domains/agent/openai/scripted-llm.fixture.js';
import { IDEMPOTENCY_TTL_MS } from './idempotency.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  clock.now = () => Date.now();
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

function client(app: FastifyInstance, projectId: string, apiKey: string) {
  const P = `/v1/projects/${projectId}`;
  const post = (url: string, payload: unknown, key: string | undefined, bearer = apiKey) =>
    app.inject({
      method: 'POST',
      url: `${P}${url}`,
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json', ...(key === undefined ? {} : { 'idempotency-key': key }) },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
  return { post };
}

async function appWithLlm(timeoutMs = 30_000): Promise<{ t: TestApp; llm: ScriptedLlm; api: ReturnType<typeof client> }> {
  const llm = await startScriptedLlm([], { text: ['Answered by the scripted model.'] });
  cleanups.push(() => llm.close());
  const t = await createTestApp({ llm: { baseUrl: llm.baseUrl, apiKey: 'k', model: 'm', timeoutMs } });
  cleanups.push(() => t.close());
  return { t, llm, api: client(t.app, t.demo.project_id, t.demo.api_key) };
}

async function newConversation(api: ReturnType<typeof client>, user: string) {
  const res = await api.post('/conversations', { user_id: user, message: 'How do I embed the widget?' }, undefined);
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

describe('Idempotency-Key', () => {
  it('keeps the keys of two API keys apart, even on the same project, path and body', async () => {
    const t = await createTestApp();
    cleanups.push(() => t.close());
    const demoKey = (await t.app.ctx.services.apiKeys.lookup(t.demo.api_key))!;
    const { key: second } = await t.app.ctx.services.apiKeys.create(t.demo.project_id, {
      name: 'second integration',
      permissions: demoKey.permissions,
      environment: demoKey.environment,
    });
    const api = client(t.app, t.demo.project_id, t.demo.api_key);
    const body = { user_id: 'isolated-user', message: 'Two integrations, one key string' };

    const a = await api.post('/conversations', body, 'shared-key-1');
    const b = await api.post('/conversations', body, 'shared-key-1', second);
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(b.json().id).not.toBe(a.json().id);

    // Each key still replays its own first result.
    const again = await api.post('/conversations', body, 'shared-key-1', second);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(b.body);
  });

  it('answers 409 idempotency_conflict to a retry while the first request still runs', async () => {
    const { llm, api } = await appWithLlm();
    const id = await newConversation(api, 'slow-user');
    llm.script.push({ hang: true });
    const first = api.post(`/conversations/${id}/generate`, undefined, 'slow-gen-1');
    await vi.waitFor(() => expect(llm.requests).toHaveLength(1), { timeout: 20_000, interval: 20 });

    const retry = await api.post(`/conversations/${id}/generate`, undefined, 'slow-gen-1');
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toMatchObject({ error: 'idempotency_conflict', message: expect.stringMatching(/still in progress/) });
    expect(llm.requests).toHaveLength(1);

    // The first request ends with a 5xx (its model endpoint went away): nothing is stored, so the
    // same key may be retried and runs for real.
    await llm.close();
    expect((await first).statusCode).toBeGreaterThanOrEqual(500);
  });

  it('does not store a 5xx: a retry with the same key runs again and succeeds', async () => {
    const { llm, api } = await appWithLlm();
    const id = await newConversation(api, 'flaky-user');
    llm.script.push({ status: 503 }, { status: 503 });
    const failed = await api.post(`/conversations/${id}/generate`, undefined, 'flaky-gen-1');
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error).toBe('upstream_unavailable');

    const retried = await api.post(`/conversations/${id}/generate`, undefined, 'flaky-gen-1');
    expect(retried.statusCode).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(retried.json().message.content).toContain('Answered by the scripted model.');
    const replay = await api.post(`/conversations/${id}/generate`, undefined, 'flaky-gen-1');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(retried.body);
  });

  it('lets a retry take over a pending record whose request died, and keeps the new result', async () => {
    // The model endpoint hangs the first request until its 3-second deadline ends it with a 5xx.
    const { t, llm, api } = await appWithLlm(3_000);
    const id = await newConversation(api, 'stale-user');
    llm.script.push({ hang: true });
    const stuck = api.post(`/conversations/${id}/generate`, undefined, 'stale-gen-1');
    await vi.waitFor(() => expect(llm.requests).toHaveLength(1), { timeout: 20_000, interval: 20 });

    // A minute later the first request counts as dead: the retry claims the key instead of a 409
    // (and waits its turn behind the stuck reply of the same conversation).
    const start = Date.now();
    clock.now = () => start + 61_000;
    const takeover = api.post(`/conversations/${id}/generate`, undefined, 'stale-gen-1');
    const records = t.app.ctx.store.collection('idempotency');
    const claimedAt = new Date(start + 61_000).toISOString();
    await vi.waitFor(async () => expect((await records.list(t.demo.project_id)).map((r) => r.created_at)).toContain(claimedAt), {
      timeout: 20_000,
      interval: 20,
    });

    // The stuck request fails late; it must not erase the claim of the request that took over.
    expect((await stuck).statusCode).toBeGreaterThanOrEqual(500);
    const taken = await takeover;
    expect(taken.statusCode).toBe(200);
    expect(taken.headers['idempotent-replayed']).toBeUndefined();
    const replay = await api.post(`/conversations/${id}/generate`, undefined, 'stale-gen-1');
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(taken.body);
  });

  it('replays for 24 hours, then treats the key as new', async () => {
    const t = await createTestApp();
    cleanups.push(() => t.close());
    const api = client(t.app, t.demo.project_id, t.demo.api_key);
    const body = { user_id: 'expiry-user', message: 'Remember me for a day' };
    const start = Date.now();
    clock.now = () => start;
    const first = await api.post('/conversations', body, 'day-key-1');
    expect(first.statusCode).toBe(201);

    clock.now = () => start + IDEMPOTENCY_TTL_MS - 60_000;
    const late = await api.post('/conversations', body, 'day-key-1');
    expect(late.headers['idempotent-replayed']).toBe('true');
    expect(late.body).toBe(first.body);

    clock.now = () => start + IDEMPOTENCY_TTL_MS + 1_000;
    const expired = await api.post('/conversations', body, 'day-key-1');
    expect(expired.statusCode).toBe(201);
    expect(expired.headers['idempotent-replayed']).toBeUndefined();
    expect(expired.json().id).not.toBe(first.json().id);
    // The new result is the one replayed from now on.
    const next = await api.post('/conversations', body, 'day-key-1');
    expect(next.body).toBe(expired.body);
  });

  it('replays after a restart on the same data directory', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'parley-idem-restart-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const config = testConfig(dir, { allowPrivateFetch: true });
    const before = await buildApp(config);
    const { credentials } = await seedDemo(before.ctx);
    const body = { user_id: 'restart-user', message: 'Survive a restart' };
    const first = await client(before, credentials!.project_id, credentials!.api_key).post('/conversations', body, 'restart-key-1');
    expect(first.statusCode).toBe(201);
    await before.close();

    const after = await buildApp(config);
    cleanups.push(() => after.close());
    const replay = await client(after, credentials!.project_id, credentials!.api_key).post('/conversations', body, 'restart-key-1');
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(first.body);
  });

  it('refuses a malformed key with 400 invalid_request before running the request', async () => {
    const t = await createTestApp();
    cleanups.push(() => t.close());
    const api = client(t.app, t.demo.project_id, t.demo.api_key);
    const before = (await t.app.ctx.services.conversations.list(t.demo.project_id)).length;
    for (const key of ['', 'has a space', 'x'.repeat(256), 'tab\tinside']) {
      const res = await api.post('/conversations', { user_id: 'malformed-user', message: 'hello' }, key);
      expect(res.statusCode, JSON.stringify(key)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'invalid_request', details: [{ path: 'headers.idempotency-key' }] });
    }
    expect(await t.app.ctx.services.conversations.list(t.demo.project_id)).toHaveLength(before);
    // The longest allowed key works.
    const longest = await api.post('/conversations', { user_id: 'malformed-user', message: 'hello' }, 'x'.repeat(255));
    expect(longest.statusCode).toBe(201);
  });
});
