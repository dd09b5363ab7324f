// Live wikis through the real API (docs/knowledge.md "Live wikis"): Confluence Cloud and MediaWiki,
// each a local server on 127.0.0.1 speaking its documented API (wiki/live/*.fixture.ts). The first
// sync imports what the account can read (a page answered 403 / permissiondenied is skipped), the
// next one fetches only what changed and removes what was deleted, the secret is write-only, and a
// refused login fails the job without removing anything.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { SPACE_KEY, startFakeConfluence, type FakeConfluence } from './wiki/live/confluence.fixture.js';
import { startFakeMediaWiki, type FakeMediaWiki } from './wiki/live/mediawiki.fixture.js';

const EMAIL = 'docs-bot@example.com';
const API_TOKEN = 'ATATT3xFfGF0T4nHc3yKsLq9x9Qk';
const BOT_USER = 'Parley@sync';
const BOT_PASSWORD = 'm2s0ea6u9m7c1lq0b3p4vq2p8d1h5kaa';

let t: TestApp;
let confluence: FakeConfluence;
let wiki: FakeMediaWiki;
const base = () => `/v1/projects/${t.demo.project_id}`;
async function api(method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) {
  const res = await t.app.inject({ method, url: `${base()}${url}`, headers: { authorization: `Bearer ${t.demo.api_key}` }, ...(body !== undefined ? { payload: body as object } : {}) });
  return { status: res.statusCode, body: res.json() };
}
async function sync(id: string) {
  const started = await api('POST', `/data-providers/${id}/sync`);
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  await t.app.ctx.services.knowledge.waitForSync(t.demo.project_id, id);
  return (await api('GET', `/data-providers/${id}/sync-jobs/${started.body.id}`)).body;
}
const sources = async (providerId: string) => (await t.app.ctx.store.collection('sources').list(t.demo.project_id)).filter((s) => s.data_provider_id === providerId);
const titles = async (providerId: string) => (await sources(providerId)).map((s) => s.title).sort();

beforeAll(async () => {
  t = await createTestApp();
  confluence = await startFakeConfluence(EMAIL, API_TOKEN);
  wiki = await startFakeMediaWiki(BOT_USER, BOT_PASSWORD);
});
afterAll(async () => {
  await t.close();
  await confluence.close();
  await wiki.close();
});

describe('Confluence Cloud', () => {
  it('imports the space, skips a page the account may not read, then syncs only what changed', async () => {
    confluence.pages.set('101', { title: 'Refund policy', version: 3, body: '<p>Refunds are granted within <strong>30 days</strong> of purchase.</p>' });
    confluence.pages.set('102', { title: 'Shipping times', version: 1, body: '<h2>Europe</h2><p>Parcels to Europe take 3 to 5 working days.</p>' });
    confluence.pages.set('103', { title: 'Salary bands', version: 1, body: '<p>Confidential.</p>', restricted: true });
    confluence.pages.set('104', { title: 'Opening hours', version: 2, body: '<p>Support answers Monday to Friday, 9:00 to 17:00.</p>' });
    confluence.pages.set('105', { title: 'Old pricing', version: 1, body: '<p>The old plans cost 10 euros.</p>' });

    const created = await api('POST', '/data-providers', {
      type: 'confluence', name: 'Confluence docs', live_wiki: { site_url: confluence.url, space_key: SPACE_KEY, username: EMAIL, secret: API_TOKEN },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.live_wiki).toEqual({ site_url: confluence.url, space_key: SPACE_KEY, namespace: null, username: EMAIL, secret: 'ATAT…x9Qk' });
    const id = created.body.id;
    expect(JSON.stringify((await api('GET', '/data-providers')).body)).not.toContain(API_TOKEN);
    // The stored document holds it sealed, not in clear.
    expect(JSON.stringify(await t.app.ctx.store.collection('data_providers').get(t.demo.project_id, id))).not.toContain(API_TOKEN);

    const first = await sync(id);
    expect(first.status).toBe('succeeded');
    expect(first.progress).toMatchObject({ pages_found: 5, pages_fetched: 4, sources_added: 4, pages_failed: 0 });
    expect(first.failures).toEqual([{ url: expect.stringContaining('/pages/103/'), error: expect.stringContaining('HTTP 403') }]);
    expect(await titles(id)).toEqual(['Old pricing', 'Opening hours', 'Refund policy', 'Shipping times']);
    const refund = (await sources(id)).find((s) => s.title === 'Refund policy')!;
    expect(refund).toMatchObject({ kind: 'wiki_page', key: 'confluence:101', remote_version: '3', url: `${confluence.url}/wiki/spaces/DOCS/pages/101/Refund+policy` });
    const found = await t.app.ctx.services.knowledge.search(t.demo.project_id, 'How long do parcels to Europe take?', {});
    expect(JSON.stringify(found)).toContain('3 to 5 working days');

    // One page edited, one deleted: only the edited page (and the still restricted one) is fetched again.
    confluence.bodyFetches.length = 0;
    confluence.pages.set('101', { title: 'Refund policy', version: 4, body: '<p>Refunds are granted within <strong>60 days</strong> of purchase.</p>' });
    confluence.pages.delete('105');
    const second = await sync(id);
    expect(second.progress).toMatchObject({ pages_found: 4, pages_fetched: 1, sources_updated: 1, sources_unchanged: 2, sources_removed: 1 });
    expect(confluence.bodyFetches.sort()).toEqual(['101', '103']);
    expect(await titles(id)).toEqual(['Opening hours', 'Refund policy', 'Shipping times']);
    expect((await sources(id)).find((s) => s.key === 'confluence:101')?.remote_version).toBe('4');
  });

  it('a token Confluence refuses fails the sync and removes nothing; a secret left out of a change is kept', async () => {
    const created = await api('POST', '/data-providers', { type: 'confluence', name: 'Wrong token', live_wiki: { site_url: confluence.url, space_key: SPACE_KEY, username: EMAIL, secret: API_TOKEN } });
    const id = created.body.id;
    expect((await sync(id)).status).toBe('succeeded');
    const before = (await sources(id)).length;
    expect(before).toBeGreaterThan(0);
    const renamed = await api('PATCH', `/data-providers/${id}`, { name: 'Renamed', live_wiki: { space_key: SPACE_KEY } });
    expect(renamed.body.live_wiki.secret).toBe('ATAT…x9Qk');
    await api('PATCH', `/data-providers/${id}`, { live_wiki: { secret: 'not-the-token' } });
    const failed = await sync(id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toContain('HTTP 401');
    expect((await sources(id)).length).toBe(before);
  });

  it('refuses incomplete settings with the fields named', async () => {
    const res = await api('POST', '/data-providers', { type: 'confluence', name: 'x', live_wiki: { site_url: confluence.url } });
    expect(res.status).toBe(400);
    expect(res.body.details.map((d: { path: string }) => d.path)).toEqual(['live_wiki.space_key', 'live_wiki.username', 'live_wiki.secret']);
    const crawler = await api('POST', '/data-providers', { type: 'web_crawler', name: 'x', crawler: { start_urls: ['https://example.com/'] }, live_wiki: { site_url: confluence.url } });
    expect(crawler.status).toBe(400);
  });
});

describe('MediaWiki', () => {
  it('logs in with a bot password, imports the namespace, skips a page it may not read, then syncs only what changed', async () => {
    wiki.pages.set(1, { title: 'Main Page', revid: 10, html: '<p>Welcome to the product wiki.</p>' });
    wiki.pages.set(2, { title: 'Password reset', revid: 21, html: '<h2>Steps</h2><p>Open Settings, then choose Reset password and follow the e-mail link.</p>' });
    wiki.pages.set(3, { title: 'Board minutes', revid: 30, html: '<p>Private.</p>', restricted: true });
    wiki.pages.set(4, { title: 'Data export', revid: 40, html: '<p>Exports are ready within an hour as a CSV file.</p>' });

    const created = await api('POST', '/data-providers', { type: 'mediawiki', name: 'Product wiki', live_wiki: { site_url: wiki.api, username: BOT_USER, secret: BOT_PASSWORD } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.live_wiki).toMatchObject({ namespace: 0, secret: 'm2s0…5kaa' });
    const id = created.body.id;
    const first = await sync(id);
    expect(first.status).toBe('succeeded');
    expect(first.progress).toMatchObject({ pages_found: 4, pages_fetched: 3, sources_added: 3 });
    expect(first.failures).toEqual([{ url: expect.stringContaining('/wiki/Board_minutes'), error: expect.stringContaining('permissiondenied') }]);
    expect(await titles(id)).toEqual(['Data export', 'Main Page', 'Password reset']);
    expect((await sources(id)).find((s) => s.title === 'Password reset')).toMatchObject({ key: 'mediawiki:2', remote_version: '21' });

    wiki.parses.length = 0;
    wiki.pages.set(2, { title: 'Password reset', revid: 22, html: '<p>Open Settings, choose Security, then Reset password.</p>' });
    wiki.pages.delete(4);
    const second = await sync(id);
    expect(second.progress).toMatchObject({ pages_found: 3, pages_fetched: 1, sources_updated: 1, sources_unchanged: 1, sources_removed: 1 });
    expect(wiki.parses.sort()).toEqual([2, 3]);
    expect(await titles(id)).toEqual(['Main Page', 'Password reset']);
  });

  it('a refused login fails the sync with the wiki’s reason', async () => {
    const created = await api('POST', '/data-providers', { type: 'mediawiki', name: 'Wrong password', live_wiki: { site_url: wiki.api, username: BOT_USER, secret: 'wrong-password' } });
    const failed = await sync(created.body.id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toContain('Incorrect username or password');
  });
});
