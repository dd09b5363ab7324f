// POST …/knowledge/test over the real app (docs/api.md): the passages and the answer the agent
// would give, without a conversation; validation and permissions like every knowledge route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let url: string;
const auth = () => ({ authorization: `Bearer ${t.demo.api_key}` });

beforeAll(async () => {
  t = await createTestApp();
  url = `/v1/projects/${t.demo.project_id}/knowledge/test`;
  const provider = await t.app.inject({ method: 'POST', url: `/v1/projects/${t.demo.project_id}/data-providers`, headers: auth(), payload: { type: 'manual', name: 'Lamp FAQ' } });
  await t.app.inject({
    method: 'POST',
    url: `/v1/projects/${t.demo.project_id}/data-providers/${provider.json().id}/snippets`,
    headers: auth(),
    payload: { title: 'Quokka warranty', question: 'How long is the Quokka Lamp warranty?', content: 'The Quokka Lamp warranty lasts five years from purchase.' },
  });
});
afterAll(() => t.close());

describe('POST …/knowledge/test', () => {
  it('answers from the knowledge with the passages it used, and stores no conversation', async () => {
    const before = (await t.app.ctx.store.collection('conversations').list(t.demo.project_id)).length;
    const res = await t.app.inject({ method: 'POST', url, headers: auth(), payload: { question: 'How long is the Quokka Lamp warranty?' } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.answer).toMatchObject({ outcome: 'answer', offer_handoff: false });
    expect(body.answer.content).toContain('five years');
    expect(body.answer.sources[0].title).toBe('Quokka warranty');
    expect(body.passages[0]).toMatchObject({ title: 'Quokka warranty', question: 'How long is the Quokka Lamp warranty?' });
    expect((await t.app.ctx.store.collection('conversations').list(t.demo.project_id)).length).toBe(before);
  });

  it('says when it has no answer', async () => {
    const res = await t.app.inject({ method: 'POST', url, headers: auth(), payload: { question: 'What is the airspeed velocity of an unladen swallow?' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().answer.outcome).not.toBe('answer');
  });

  it('validates the body and needs a key or session', async () => {
    expect((await t.app.inject({ method: 'POST', url, headers: auth(), payload: { question: '' } })).json().error).toBe('invalid_request');
    expect((await t.app.inject({ method: 'POST', url, headers: auth(), payload: { question: 'x', limit: 3 } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url, payload: { question: 'x' } })).statusCode).toBe(401);
  });
});
