// The inbox's list over the real app (inject, lowdb in a temp dir): the latest reply's preview,
// full-text search over messages (case- and accent-insensitive), a visitor's conversations, the
// Waiting view, and the per-view counts with the list's filters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let P: string;
let H: Record<string, string>;
let memberId: string;
const ids: Record<string, string> = {};

const get = (url: string) => t.app.inject({ method: 'GET', url: `${P}${url}`, headers: H });
const listIds = async (query: string) => {
  const res = await get(`/conversations?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { id: string }[]).map((c) => c.id).sort();
};
const sorted = (...names: string[]) => names.map((n) => ids[n]).sort();

beforeAll(async () => {
  t = await createTestApp();
  P = `/v1/projects/${t.demo.project_id}`;
  H = { authorization: `Bearer ${t.demo.api_key}`, 'content-type': 'application/json' };
  const services = t.app.ctx.services;
  const member = await services.org.createMember({ organizationId: t.demo.organization_id, email: 'ops@example.com', name: 'Ops', password: 'password-123' });
  memberId = member.id;
  const create = async (name: string, user: string, message: string) => {
    const res = await t.app.inject({ method: 'POST', url: `${P}/conversations`, headers: H, payload: { user_id: user, message } });
    ids[name] = res.json().id;
  };
  await create('resume', 'ada', 'Can I attach my Résumé to the application?');
  await create('invoice', 'ada', 'My invoice is wrong');
  await create('queued', 'bob', 'I want a person, please');
  await create('mine', 'cy', 'Where is my parcel?');
  await create('done', 'cy', 'Thanks, all good now');
  const pid = t.demo.project_id;
  await services.conversations.append(pid, ids.invoice, { role: 'assistant', content: 'Sorry about that.\n\nLet me   check the  **invoice**.' });
  await services.conversations.append(pid, ids.invoice, { role: 'operator', type: 'comment', content: 'VIP customer, refund quickly' });
  await services.conversations.patch(pid, ids.queued, { status: 'escalated', operator_active: true, holder: 'queue', assignee_id: null });
  await services.conversations.patch(pid, ids.mine, { status: 'escalated', operator_active: true, holder: 'operator', assignee_id: memberId });
  await services.conversations.patch(pid, ids.done, { status: 'resolved' });
});
afterAll(() => t.close());

describe('conversation list for the inbox', () => {
  it('previews the latest visitor, AI or team reply (not internal notes), whitespace collapsed', async () => {
    const res = await get('/conversations?limit=100');
    const byId = new Map((res.json().data as { id: string; last_message: unknown }[]).map((c) => [c.id, c.last_message]));
    expect(byId.get(ids.invoice)).toMatchObject({ role: 'assistant', content: 'Sorry about that. Let me check the **invoice**.' });
    expect(byId.get(ids.queued)).toMatchObject({ role: 'user', content: 'I want a person, please' });
    const spec = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    const list = spec.paths['/v1/projects/{project_id}/conversations'].get;
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['q', 'user_id', 'waiting']));
    expect(spec.paths['/v1/projects/{project_id}/conversations/counts']).toBeDefined();
  });

  it('searches messages and notes, ignoring case and accents, combined with other filters', async () => {
    expect(await listIds('q=resume')).toEqual(sorted('resume'));
    expect(await listIds('q=R%C3%89SUM%C3%89')).toEqual(sorted('resume'));
    expect(await listIds('q=INVOICE')).toEqual(sorted('invoice'));
    // Internal notes are the team's words too.
    expect(await listIds('q=refund%20quickly')).toEqual(sorted('invoice'));
    expect(await listIds('q=my')).toEqual(sorted('resume', 'invoice', 'mine'));
    expect(await listIds('q=my&status=escalated')).toEqual(sorted('mine'));
    expect(await listIds('q=nothing%20like%20this')).toEqual([]);
    expect((await get('/conversations?q=')).statusCode).toBe(400);
  });

  it("lists one visitor's conversations and the Waiting view", async () => {
    const ada = (await get(`/conversations/${ids.resume}`)).json().user_id;
    expect(await listIds(`user_id=${ada}`)).toEqual(sorted('resume', 'invoice'));
    expect(await listIds('waiting=true')).toEqual(sorted('queued'));
  });

  it('counts the views within the filters: all, mine, unassigned, waiting', async () => {
    const counts = async (query: string) => {
      const res = await get(`/conversations/counts?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    expect(await counts(`member_id=${memberId}`)).toEqual({ all: 5, mine: 1, unassigned: 4, waiting: 1 });
    // The Open tab (everything but resolved), and a search inside it.
    const open = 'status=active&status=escalated&status=abandoned';
    expect(await counts(`${open}&member_id=${memberId}`)).toEqual({ all: 4, mine: 1, unassigned: 3, waiting: 1 });
    expect(await counts(`${open}&member_id=${memberId}&q=parcel`)).toEqual({ all: 1, mine: 1, unassigned: 0, waiting: 0 });
    expect(await counts('status=resolved')).toEqual({ all: 1, mine: 0, unassigned: 1, waiting: 0 });
    // Without member_id nothing is "mine"; paging parameters do not belong here.
    expect((await counts('')).mine).toBe(0);
    expect((await get('/conversations/counts?limit=5')).statusCode).toBe(400);
  });

  it('counts change with the conversations', async () => {
    await t.app.ctx.services.conversations.patch(t.demo.project_id, ids.queued, { holder: 'operator', assignee_id: memberId });
    expect((await get(`/conversations/counts?member_id=${memberId}`)).json()).toEqual({ all: 5, mine: 2, unassigned: 3, waiting: 0 });
  });

  it('a conversation the AI escalated while it still holds it waits for a human too', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${P}/conversations`, headers: H, payload: { user_id: 'dee', message: 'My account is locked' } });
    const id = res.json().id as string;
    const ops = (await import('../operators/service.js')).operatorsOf(t.app.ctx);
    await ops.escalateByAgent((await t.app.ctx.services.conversations.get(t.demo.project_id, id))!, 'Locked account: needs a person');
    const record = (await get(`/conversations/${id}`)).json();
    expect(record).toMatchObject({ status: 'escalated', operator_active: false });
    expect(await listIds('waiting=true')).toContain(id);
    expect((await get('/conversations/counts')).json().waiting).toBe(1);
  });
});
