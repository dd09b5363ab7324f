// Idempotency-Key on two instances of one PostgreSQL database (docs/architecture.md section 7): a
// retry reaching the other instance replays the stored answer, a retry while the first request runs
// elsewhere is a 409, and of concurrent first requests on both instances exactly one runs.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startPostgres, type TestPostgres } from '../store/postgres/testing/pg-server.js';
import { startTwoApps, type TwoApps } from '../jobs/testing/two-apps.js';
import { startScriptedLlm, type ScriptedLlm } from '../domains/agent/openai/scripted-llm.fixture.js';

let pg: TestPostgres;
let llm: ScriptedLlm;
let two: TwoApps;
beforeAll(async () => {
  pg = await startPostgres();
  llm = await startScriptedLlm([], { text: ['Answered by the scripted model.'] });
  two = await startTwoApps(await pg.createDatabase(), { llm: { baseUrl: llm.baseUrl, apiKey: 'k', model: 'm', timeoutMs: 30_000 } });
}, 120_000);
afterAll(async () => {
  await two?.close();
  await llm?.close();
  await pg?.stop();
});

const post = (app: FastifyInstance, url: string, payload: unknown, key: string) =>
  app.inject({
    method: 'POST',
    url: `/v1/projects/${two.demo.project_id}${url}`,
    headers: { authorization: `Bearer ${two.demo.api_key}`, 'content-type': 'application/json', 'idempotency-key': key },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });

describe('Idempotency-Key across instances', () => {
  it('replays on the other instance the answer the first one stored', async () => {
    const body = { user_id: 'retry-user', message: 'Where is my order?' };
    const first = await post(two.a, '/conversations', body, 'create-1');
    expect(first.statusCode).toBe(201);
    const retry = await post(two.b, '/conversations', body, 'create-1');
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toBe(first.body);
  });

  it('runs exactly one of concurrent first requests on the two instances', async () => {
    const conversations = two.a.ctx.store.collection('conversations');
    const before = (await conversations.list(two.demo.project_id)).length;
    const keys = Array.from({ length: 12 }, (_, i) => `race-${i}`);
    const results = await Promise.all(
      keys.flatMap((key) => [two.a, two.b].map((app) => post(app, '/conversations', { user_id: `race-${key}`, message: 'Hello' }, key))),
    );
    for (const [i, key] of keys.entries()) {
      const pair = results.slice(2 * i, 2 * i + 2);
      const ran = pair.filter((r) => r.statusCode === 201 && r.headers['idempotent-replayed'] === undefined);
      expect(ran, key).toHaveLength(1);
      const other = pair.find((r) => r !== ran[0])!;
      // The loser either found the key taken (409) or came after the winner's answer was stored.
      if (other.statusCode === 409) expect(other.json().error).toBe('idempotency_conflict');
      else expect(other.body).toBe(ran[0]!.body);
    }
    // One conversation per key, none created twice.
    expect((await conversations.list(two.demo.project_id)).length).toBe(before + keys.length);
  });

  it('answers 409 on one instance while the first request runs on the other', async () => {
    const created = await post(two.a, '/conversations', { user_id: 'slow-user', message: 'How do I embed the widget?' }, 'slow-create');
    const id = created.json().id as string;
    llm.script.push({ hang: true });
    const before = llm.requests.length;
    const first = post(two.a, `/conversations/${id}/generate`, undefined, 'slow-gen');
    await vi.waitFor(() => expect(llm.requests.length).toBe(before + 1), { timeout: 20_000, interval: 20 });
    const retry = await post(two.b, `/conversations/${id}/generate`, undefined, 'slow-gen');
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toMatchObject({ error: 'idempotency_conflict', message: expect.stringMatching(/still in progress/) });
    expect(llm.requests.length).toBe(before + 1);
    await llm.close();
    expect((await first).statusCode).toBeGreaterThanOrEqual(500);
  });
});
