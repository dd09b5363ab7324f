// The behaviour API through the real app (docs/behaviour.md): audiences with their validation errors,
// guidance rules (backticked tools, unknown names flagged, reorder, drafts, unknown audience ids),
// profiles (one default, model settings, timezone), and the permissions each needs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let auth: Record<string, string>;
const P = () => `/v1/projects/${t.demo.project_id}`;
const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, headers = auth) =>
  t.app.inject({ method, url: `${P()}${url}`, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
const cond = (field: string, operator: string, value?: unknown, extra: object = {}) => ({ type: 'condition', field, operator, ...(value !== undefined ? { value } : {}), ...extra });

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ctx.services.org.updateOrganization(t.demo.organization_id, { plan: 'enterprise', rate_limits: { per_minute: 1e6, per_day: 1e7 } });
  auth = { authorization: `Bearer ${t.demo.api_key}` };
});
afterAll(() => t.close());

describe('audiences', () => {
  it('creates, reads, changes and deletes an audience with nested AND/OR groups', async () => {
    const body = {
      name: 'Verified on pricing',
      conditions: [
        cond('user.email_verified', 'is_true'),
        { type: 'group', combinator: 'or', conditions: [cond('channel.browser_url', 'contains', '/pricing'), cond('time.hour', 'between', [18, 23], { timezone: 'user' })] },
      ],
    };
    const created = await api('POST', '/audiences', body);
    expect(created.statusCode).toBe(201);
    const a = created.json();
    expect(a).toMatchObject({ name: 'Verified on pricing', description: '', conditions: body.conditions });
    expect((await api('GET', `/audiences/${a.id}`)).json().id).toBe(a.id);
    expect((await api('GET', '/audiences')).json().data.map((x: { id: string }) => x.id)).toContain(a.id);
    const patched = await api('PATCH', `/audiences/${a.id}`, { name: 'Renamed' });
    expect(patched.json()).toMatchObject({ name: 'Renamed', conditions: body.conditions });
    expect((await api('DELETE', `/audiences/${a.id}`)).statusCode).toBe(204);
    expect((await api('GET', `/audiences/${a.id}`)).json().error).toBe('not_found');
  });

  it('answers 400 with a stable code and the condition path for each kind of mistake', async () => {
    const post = (...conditions: unknown[]) => api('POST', '/audiences', { name: 'x', conditions });
    const unknownField = await post(cond('user.shoe_size', 'is', '42'));
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json()).toMatchObject({ error: 'unknown_audience_field', path: 'conditions[0]', field: 'user.shoe_size' });
    const badOp = await post(cond('user.email', 'is', 'a'), { type: 'group', combinator: 'and', conditions: [cond('conversation.message_count', 'contains', 'x')] });
    expect(badOp.json()).toMatchObject({ error: 'invalid_audience_operator', path: 'conditions[1].conditions[0]' });
    expect(badOp.json().message).toContain('less_than');
    const wrongValues: unknown[] = [
      cond('conversation.message_count', 'is', '3'),
      cond('conversation.message_count', 'between', [5, 1]),
      cond('user.email', 'is', 3),
      cond('user.email', 'is_empty', 'x'),
      cond('user.created', 'is', '2026-02-30'),
      cond('user.created', 'before', '2026-02-01T10:00:00'),
      cond('user.created', 'in_the_last', { amount: 0, unit: 'days' }),
      cond('user.created', 'in_the_next', { amount: 3, unit: 'fortnights' }),
      cond('user.created', 'between', ['2026-03-01', '2026-02-01']),
      cond('channel.type', 'is_one_of', ['fax']),
      cond('channel.type', 'is_one_of', []),
      cond('conversation.tags', 'contains_any_of', 'vip'),
      cond('user.external_attributes', 'text_is', 'pro'),
      cond('user.external_attributes', 'number_is', '12', { path: 'seats' }),
      cond('user.email', 'is', 'a', { path: 'x' }),
      cond('user.email', 'is', 'a', { timezone: 'project' }),
    ];
    for (const c of wrongValues) {
      const res = await post(c);
      expect([res.statusCode, res.json().error, c]).toEqual([400, 'invalid_audience_value', c]);
    }
    // The root cannot be OR, and shapes outside the schema are the usual invalid_request.
    expect((await api('POST', '/audiences', { name: 'x', conditions: [], combinator: 'or' })).json().error).toBe('invalid_request');
  });

  it('needs deployment:update to change and project:read to read', async () => {
    const readOnly = (await t.app.ctx.services.apiKeys.create(t.demo.project_id, { name: 'r', permissions: ['project:read'], environment: 'test' })).key;
    const headers = { authorization: `Bearer ${readOnly}` };
    expect((await api('GET', '/audiences', undefined, headers)).statusCode).toBe(200);
    const denied = await api('POST', '/audiences', { name: 'x', conditions: [] }, headers);
    expect(denied.json()).toMatchObject({ error: 'insufficient_permissions', missing_permissions: ['deployment:update'] });
  });
});

describe('guidance rules', () => {
  it('keeps allowed_tools from backticked names, flags unknown ones, refuses unknown audiences', async () => {
    const created = await api('POST', '/guidance-rules', { name: 'Handoff', instructions: 'Offer `offer_handoff` for refunds; never use `send_coupon`.' });
    expect(created.statusCode).toBe(201);
    const rule = created.json();
    expect(rule).toMatchObject({ profile_id: 'default', state: 'active', audience_id: null, allowed_tools: ['offer_handoff'], unknown_tools: ['send_coupon'], priority: 1 });
    const edited = await api('PATCH', `/guidance-rules/${rule.id}`, { instructions: 'Search with `search_knowledge` first.' });
    expect(edited.json()).toMatchObject({ allowed_tools: ['search_knowledge'], unknown_tools: [] });
    const unknown = await api('POST', '/guidance-rules', { name: 'x', instructions: 'y', audience_id: 'nope' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: 'unknown_audience', audience_id: 'nope' });
    expect((await api('PATCH', `/guidance-rules/${rule.id}`, { audience_id: 'nope' })).json().error).toBe('unknown_audience');
    expect((await api('POST', '/guidance-rules', { name: 'x', instructions: 'y', profile_id: 'nope' })).json().error).toBe('unknown_profile');
    await api('DELETE', `/guidance-rules/${rule.id}`);
  });

  it('reorders the rules of a profile; the order must name each rule once', async () => {
    const ids: string[] = [];
    for (const name of ['A', 'B', 'C']) ids.push((await api('POST', '/guidance-rules', { name, instructions: name, state: 'draft' })).json().id);
    const reordered = await api('POST', '/guidance-rules/reorder', { rule_ids: [ids[2], ids[0], ids[1]] });
    expect(reordered.json().data.map((r: { name: string; priority: number }) => `${r.priority}${r.name}`)).toEqual(['1C', '2A', '3B']);
    expect((await api('POST', '/guidance-rules/reorder', { rule_ids: [ids[0], ids[1]] })).json().error).toBe('invalid_request');
    expect((await api('POST', '/guidance-rules/reorder', { rule_ids: [ids[0], ids[1], ids[1]] })).json().error).toBe('invalid_request');
    await api('DELETE', `/guidance-rules/${ids[2]}`);
    expect((await api('GET', '/guidance-rules')).json().data.map((r: { name: string; priority: number }) => `${r.priority}${r.name}`)).toEqual(['1A', '2B']);
    const profile = (await api('GET', '/profiles/default')).json();
    expect(profile.guidance_rule_ids).toEqual([ids[0], ids[1]]);
    for (const id of ids.slice(0, 2)) await api('DELETE', `/guidance-rules/${id}`);
  });

  it('refuses to delete an audience a rule uses', async () => {
    const a = (await api('POST', '/audiences', { name: 'VIP', conditions: [cond('conversation.tags', 'contains', 'vip')] })).json();
    const r = (await api('POST', '/guidance-rules', { name: 'VIP', instructions: 'Be extra kind.', audience_id: a.id })).json();
    expect((await api('DELETE', `/audiences/${a.id}`)).json().error).toBe('conflict');
    await api('DELETE', `/guidance-rules/${r.id}`);
    expect((await api('DELETE', `/audiences/${a.id}`)).statusCode).toBe(204);
  });
});

describe('profiles', () => {
  it('has one default profile; others are created, changed and deleted with their rules', async () => {
    const list = (await api('GET', '/profiles')).json().data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: 'default', is_default: true, enabled_actions: ['search_knowledge', 'offer_handoff'], timezone: 'UTC', search_tables: [] });
    const created = await api('POST', '/profiles', { name: 'Sales', model: { temperature: 0.2, max_tokens: 600 }, enabled_actions: ['search_knowledge'], timezone: 'Europe/Berlin' });
    expect(created.statusCode).toBe(201);
    const p = created.json();
    expect(p).toMatchObject({ is_default: false, model: { provider: 'server', model: null, temperature: 0.2, max_tokens: 600 }, enabled_actions: ['search_knowledge'] });
    expect((await api('PATCH', `/profiles/${p.id}`, { model: { model: 'gpt-x' } })).json().model).toMatchObject({ model: 'gpt-x', temperature: 0.2 });
    expect((await api('PATCH', `/profiles/${p.id}`, { timezone: 'Mars/Base' })).json().error).toBe('invalid_request');
    expect((await api('PATCH', `/profiles/${p.id}`, { enabled_actions: ['launch_rockets'] })).json().error).toBe('invalid_request');
    expect((await api('PATCH', `/profiles/${p.id}`, { model: { temperature: 3 } })).statusCode).toBe(400);
    const rule = (await api('POST', '/guidance-rules', { name: 'x', instructions: 'y', profile_id: p.id })).json();
    expect((await api('GET', `/guidance-rules?profile_id=${p.id}`)).json().data.map((r: { id: string }) => r.id)).toEqual([rule.id]);
    expect((await api('DELETE', '/profiles/default')).json().error).toBe('conflict');
    expect((await api('DELETE', `/profiles/${p.id}`)).statusCode).toBe(204);
    expect((await api('GET', `/guidance-rules/${rule.id}`)).statusCode).toBe(404);
  });
});

describe('audiences on knowledge', () => {
  it('an unknown audience id on a data provider, snippet or source is a 400; a real one is kept', async () => {
    const bad = await api('POST', '/data-providers', { type: 'manual', name: 'FAQ', default_audience_id: 'aud_typo' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'unknown_audience', field: 'default_audience_id', audience_id: 'aud_typo' });
    const a = (await api('POST', '/audiences', { name: 'Customers', conditions: [] })).json();
    const provider = (await api('POST', '/data-providers', { type: 'manual', name: 'FAQ', default_audience_id: a.id })).json();
    expect(provider.default_audience_id).toBe(a.id);
    expect((await api('PATCH', `/data-providers/${provider.id}`, { default_audience_id: 'aud_typo' })).json().error).toBe('unknown_audience');
    expect((await api('POST', `/data-providers/${provider.id}/snippets`, { content: 'Hello', audience_id: 'aud_typo' })).json().error).toBe('unknown_audience');
    const snippet = (await api('POST', `/data-providers/${provider.id}/snippets`, { content: 'Shipping takes three days.' })).json();
    expect(snippet.audience_id).toBe(a.id);
    expect((await api('PATCH', `/snippets/${snippet.id}`, { audience_id: 'aud_typo' })).json().error).toBe('unknown_audience');
    expect((await api('PATCH', `/sources/${snippet.id}`, { audience_id: 'aud_typo' })).json().error).toBe('unknown_audience');
    expect((await api('PATCH', `/sources/${snippet.id}`, { audience_id: null })).json().audience_id).toBeNull();
  });
});
