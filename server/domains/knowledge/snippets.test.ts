// Manual snippets and data providers over the real API (spec 2.11, 5).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { seedAudiences } from '../audiences/testing.js';

let t: TestApp;
let auth: Record<string, string>;
let base: string;

async function api(method: string, url: string, body?: unknown, headers = auth) {
  const res = await t.app.inject({ method: method as 'GET', url: `${base}${url}`, headers, payload: body as object });
  return { status: res.statusCode, body: res.body ? res.json() : null };
}

beforeAll(async () => {
  t = await createTestApp();
  auth = { authorization: `Bearer ${t.demo.api_key}` };
  base = `/v1/projects/${t.demo.project_id}`;
  await seedAudiences(t, ['aud_vip']);
});
afterAll(() => t.close());

describe('manual snippets', () => {
  let providerId: string;
  let snippetId: string;

  it('creates a manual provider and a snippet that is searchable at once', async () => {
    const p = await api('POST', '/data-providers', { type: 'manual', name: 'Support FAQ', default_audience_id: 'aud_vip' });
    expect(p.status).toBe(201);
    expect(p.body).toMatchObject({ type: 'manual', name: 'Support FAQ', default_audience_id: 'aud_vip', crawler: null, wiki: null });
    providerId = p.body.id;

    const s = await api('POST', `/data-providers/${providerId}/snippets`, {
      question: 'How long does shipping to Norway take?',
      content: 'Parcels to Norway arrive within 5 to 7 working days; customs fees are paid by the recipient.',
    });
    expect(s.status).toBe(201);
    expect(s.body).toMatchObject({ title: 'How long does shipping to Norway take?', audience_id: 'aud_vip', chunk_count: 1 });
    snippetId = s.body.id;

    const hits = (await api('GET', `/knowledge/search?query=${encodeURIComponent('shipping to norway')}`)).body.data;
    expect(hits[0]).toMatchObject({ source_id: snippetId, question: 'How long does shipping to Norway take?' });
    expect(hits[0].relevance.coverage).toBe(1);
  });

  it('reads, lists, updates and deletes a snippet', async () => {
    expect((await api('GET', `/snippets/${snippetId}`)).body.content).toMatch(/Parcels to Norway/);
    const list = await api('GET', `/snippets?data_provider_id=${providerId}`);
    expect(list.body).toMatchObject({ has_more: false });
    expect(list.body.data.map((s: { id: string }) => s.id)).toEqual([snippetId]);

    const up = await api('PATCH', `/snippets/${snippetId}`, { content: 'Parcels to Norway now arrive within 2 working days by express courier.', audience_id: null });
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ question: 'How long does shipping to Norway take?', audience_id: null });
    const hits = (await api('GET', `/knowledge/search?query=express%20courier`)).body.data;
    expect(hits[0].source_id).toBe(snippetId);
    expect(hits[0].text).toMatch(/2 working days/);
    const stale = (await api('GET', `/knowledge/search?query=customs%20fees%20recipient`)).body.data;
    expect(stale.some((h: { source_id: string; text: string }) => h.source_id === snippetId && /customs/.test(h.text))).toBe(false);

    expect((await api('DELETE', `/snippets/${snippetId}`)).status).toBe(204);
    expect((await api('GET', `/snippets/${snippetId}`)).status).toBe(404);
    const gone = (await api('GET', `/knowledge/search?query=norway`)).body.data;
    expect(gone.some((h: { source_id: string }) => h.source_id === snippetId)).toBe(false);
  });

  it('validates input with stable error codes', async () => {
    const unknown = await api('POST', `/data-providers/${providerId}/snippets`, { content: 'x', colour: 'red' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('invalid_request');
    const empty = await api('POST', `/data-providers/${providerId}/snippets`, { content: '' });
    expect(empty.status).toBe(400);
    expect((await api('GET', `/snippets/019a0000-0000-7000-8000-000000000000`)).status).toBe(404);
    const crawler = await api('POST', '/data-providers', { type: 'web_crawler', name: 'Site', crawler: { start_urls: ['https://example.com/'] } });
    const onCrawler = await api('POST', `/data-providers/${crawler.body.id}/snippets`, { content: 'Not here' });
    expect(onCrawler.status).toBe(400);
  });

  it('enforces knowledge permissions', async () => {
    const { key: reader } = await t.app.ctx.services.apiKeys.create(t.demo.project_id, { name: 'r', permissions: ['knowledge:read'], environment: 'test' });
    const { key: other } = await t.app.ctx.services.apiKeys.create(t.demo.project_id, { name: 'o', permissions: ['conversation:read'], environment: 'test' });
    const r = { authorization: `Bearer ${reader}` };
    expect((await api('GET', '/data-providers', undefined, r)).status).toBe(200);
    const denied = await api('POST', `/data-providers/${providerId}/snippets`, { content: 'x' }, r);
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe('insufficient_permissions');
    expect((await api('GET', '/sources', undefined, { authorization: `Bearer ${other}` })).status).toBe(403);
    expect((await api('GET', '/sources', undefined, {})).status).toBe(401);
  });

  it('lists providers, updates one and deletes it with its sources and chunks', async () => {
    const list = await api('GET', '/data-providers?limit=100');
    expect(list.body.data.some((p: { id: string }) => p.id === providerId)).toBe(true);
    const renamed = await api('PATCH', `/data-providers/${providerId}`, { name: 'FAQ v2', default_audience_id: null });
    expect(renamed.body).toMatchObject({ name: 'FAQ v2', default_audience_id: null });

    const s = await api('POST', `/data-providers/${providerId}/snippets`, { title: 'Gift cards', content: 'Gift cards never expire and work in every store.' });
    expect(s.body.audience_id).toBeNull();
    expect((await api('GET', `/sources/${s.body.id}/chunks`)).body.data[0].text).toMatch(/never expire/);
    expect((await api('DELETE', `/data-providers/${providerId}`)).status).toBe(204);
    expect((await api('GET', `/data-providers/${providerId}`)).status).toBe(404);
    expect((await api('GET', `/sources/${s.body.id}`)).status).toBe(404);
    const hits = (await api('GET', `/knowledge/search?query=gift%20cards%20expire`)).body.data;
    expect(hits.some((h: { source_id: string }) => h.source_id === s.body.id)).toBe(false);
  });

  it('documents the knowledge routes in OpenAPI with their permissions', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    const sync = spec.paths['/v1/projects/{project_id}/data-providers/{data_provider_id}/sync'].post;
    expect(sync['x-required-permissions']).toEqual(['knowledge:read', 'knowledge:write']);
    expect(spec.paths['/v1/projects/{project_id}/snippets/{snippet_id}'].patch).toBeDefined();
  });
});

describe('demo knowledge base', () => {
  it('answers a newcomer question from the seeded FAQ and docs', async () => {
    const hits = await t.app.ctx.services.knowledge.search(t.demo.project_id, 'What is Parley?', { limit: 3 });
    expect(hits[0].question).toBe('What is Parley?');
    const docs = await api('GET', '/sources?limit=100');
    expect(docs.body.data.some((s: { kind: string; key: string }) => s.kind === 'wiki_page' && s.key === 'README.md')).toBe(true);
    // docs/faq.md answers it short, the README's section at length: both among the first two.
    const backup = await t.app.ctx.services.knowledge.search(t.demo.project_id, 'how do I back up the data directory', { limit: 2 });
    expect(backup.flatMap((hit) => hit.headings)).toEqual(expect.arrayContaining(['Data and backups', 'Where is my data stored, and how do I back it up?']));
  });
});
