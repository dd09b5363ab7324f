// Topics end to end (docs/operators.md "Topics") through the real app and real lowdb files:
// conversations opened through the API get topics from a pass, named from their words; the list
// counts them with their trend; the conversation filter finds them by topic; a topic typed by the
// team is kept; a new conversation joins the nearest topic; renaming and merging carry the
// conversations along; topic:read gates the list and conversation:write the changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import type { Topic } from './schemas.js';

let t: TestApp;
const H = (key = t.demo.api_key) => ({ authorization: `Bearer ${key}` });
async function api(method: 'GET' | 'POST' | 'PATCH', path: string, payload?: object, key?: string) {
  const res = await t.app.inject({ method, url: `/v1/projects/${t.demo.project_id}${path}`, headers: H(key), ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.body ? res.json() : null };
}
const open = async (message: string) => (await api('POST', '/conversations', { user_id: `visitor-${Math.random()}`, message })).body.id as string;
const topicOf = async (id: string) => (await api('GET', `/conversations/${id}`)).body.topic as string | null;
const list = async () => (await api('GET', '/topics')).body as { data: Topic[]; unassigned: number; refreshed_at: string | null };

const REFUNDS = ['When do I get my refund?', 'refund still not received', 'How long does a refund take?', 'Where is my refund for order 12?'];
const PASSWORDS = ['I forgot my password', 'password reset email never arrives', 'how to reset my password', 'my password does not work'];

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('topics', { timeout: 60_000 }, () => {
  const ids: Record<string, string[]> = { refund: [], password: [] };
  let typed: string;

  it('finds topics in a pass, names them from their words and assigns their conversations', async () => {
    for (const q of REFUNDS) ids.refund!.push(await open(q));
    for (const q of PASSWORDS) ids.password!.push(await open(q));
    typed = await open('refund for my broken kettle please');
    expect((await api('PATCH', `/conversations/${typed}`, { topic: 'Kettle complaints' })).status).toBe(200);

    expect((await list()).refreshed_at).toBeNull();
    const pass = await api('POST', '/topics/refresh');
    expect(pass.status).toBe(200);
    expect(pass.body.created).toBeGreaterThanOrEqual(2);

    const { data } = await list();
    const refund = data.find((d) => d.name.includes('refund'))!;
    const password = data.find((d) => d.name.includes('password'))!;
    expect(refund, JSON.stringify(data)).toBeDefined();
    expect(password, JSON.stringify(data)).toBeDefined();
    expect(refund.conversations).toMatchObject({ total: REFUNDS.length, last_7_days: REFUNDS.length, previous_7_days: 0, direction: 'rising' });
    expect(password.conversations.total).toBe(PASSWORDS.length);
    for (const id of ids.refund!) expect(await topicOf(id)).toBe(refund.name);
    expect(await topicOf(typed)).toBe('Kettle complaints'); // the team's own topic stays

    const filtered = await api('GET', `/conversations?topic=${encodeURIComponent(refund.name)}&limit=100`);
    expect(filtered.body.data.map((c: { id: string }) => c.id).sort()).toEqual([...ids.refund!].sort());
    // Analytics breaks the range's conversations down by topic.
    const metrics = await api('GET', '/metrics');
    expect(metrics.body.topics).toContainEqual({ topic: refund.name, conversations: REFUNDS.length });
    expect(metrics.body.topics).toContainEqual({ topic: 'Kettle complaints', conversations: 1 });
  });

  it('puts a new conversation into the nearest topic at the next pass', async () => {
    const late = await open('has my refund been sent yet?');
    expect((await list()).unassigned).toBe(1);
    expect((await api('POST', '/topics/refresh')).body).toMatchObject({ assigned: 1, created: 0 });
    const refund = (await list()).data.find((d) => d.name.includes('refund'))!;
    expect(await topicOf(late)).toBe(refund.name);
    ids.refund!.push(late);
  });

  it('renames a topic on its conversations, refuses a name in use, and merges one into another', async () => {
    const { data } = await list();
    const refund = data.find((d) => d.name.includes('refund'))!;
    const password = data.find((d) => d.name.includes('password'))!;

    const renamed = await api('PATCH', `/topics/${refund.id}`, { name: '  Refunds ' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: refund.id, name: 'Refunds', auto_name: refund.name });
    for (const id of ids.refund!) expect(await topicOf(id)).toBe('Refunds');

    const taken = await api('PATCH', `/topics/${password.id}`, { name: 'refunds' });
    expect(taken).toMatchObject({ status: 409, body: { error: 'conflict' } });
    expect((await api('PATCH', `/topics/${password.id}`, { name: '' })).status).toBe(400);
    expect((await api('POST', `/topics/${password.id}/merge`, { into: password.id })).status).toBe(409);

    const merged = await api('POST', `/topics/${password.id}/merge`, { into: refund.id });
    expect(merged.status).toBe(200);
    expect(merged.body.conversations.total).toBe(ids.refund!.length + PASSWORDS.length);
    for (const id of ids.password!) expect(await topicOf(id)).toBe('Refunds');
    expect((await list()).data.find((d) => d.id === password.id)).toBeUndefined();
    expect((await api('PATCH', `/topics/${password.id}`, { name: 'x' })).status).toBe(404);
  });

  it('needs topic:read to list and conversation:write to change', async () => {
    const { key: reader } = await t.app.ctx.services.apiKeys.create(t.demo.project_id, { name: 'metrics only', permissions: ['metric:read'], environment: 'test' });
    const denied = await api('GET', '/topics', undefined, reader);
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe('insufficient_permissions');
    const { key: topicReader } = await t.app.ctx.services.apiKeys.create(t.demo.project_id, { name: 'topics', permissions: ['topic:read'], environment: 'test' });
    expect((await api('GET', '/topics', undefined, topicReader)).status).toBe(200);
    expect((await api('POST', '/topics/refresh', undefined, topicReader)).status).toBe(403);
  });
});
