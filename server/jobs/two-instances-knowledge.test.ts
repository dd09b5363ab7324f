// Knowledge on two instances of one PostgreSQL database (docs/architecture.md section 7): a sync that
// finishes on one instance reaches the index the other one already holds in memory (ctx.signals),
// and builds made at once on both instances take distinct version numbers.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startPostgres, type TestPostgres } from '../store/postgres/testing/pg-server.js';
import { startTwoApps, type TwoApps } from './testing/two-apps.js';
import { html, startSite, type TestSite } from '../domains/knowledge/testing/site.js';

let pg: TestPostgres;
let site: TestSite;
let two: TwoApps;
beforeAll(async () => {
  pg = await startPostgres();
  site = await startSite();
  site.pages.set('/', html('Returns', '<main><h2>Returns</h2><p>Parcels are collected by the zeppelin courier on Thursdays.</p></main>'));
  two = await startTwoApps(await pg.createDatabase());
}, 120_000);
afterAll(async () => {
  await two?.close();
  await site?.close();
  await pg?.stop();
});

const call = (app: FastifyInstance, method: 'GET' | 'POST', path: string, payload?: object) =>
  app.inject({ method, url: `/v1/projects/${two.demo.project_id}${path}`, headers: { authorization: `Bearer ${two.demo.api_key}` }, ...(payload ? { payload } : {}) });
const found = async (app: FastifyInstance, query: string) =>
  (await app.ctx.services.knowledge.search(two.demo.project_id, query)).some((p) => p.text.includes('zeppelin'));

describe('knowledge on two instances', () => {
  it('brings a sync finished on one instance into the index the other holds', async () => {
    // B loads its index of the project before the sync (it then only changes by what B writes).
    expect(await found(two.b, 'zeppelin courier')).toBe(false);
    const provider = (await call(two.a, 'POST', '/data-providers', { type: 'web_crawler', name: 'Site', crawler: { start_urls: [`${site.url}/`] } })).json();
    expect((await call(two.a, 'POST', `/data-providers/${provider.id}/sync`)).statusCode).toBe(202);
    await two.a.ctx.services.knowledge.waitForSync(two.demo.project_id, provider.id);
    expect(await found(two.a, 'zeppelin courier')).toBe(true);
    await vi.waitFor(async () => expect(await found(two.b, 'zeppelin courier')).toBe(true), { timeout: 10_000, interval: 100 });
  });

  it('brings a snippet saved on one instance into the index the other holds', async () => {
    await found(two.a, 'suitcase'); // A holds its index of the project in memory from here on
    const provider = (await call(two.b, 'POST', '/data-providers', { type: 'manual', name: 'FAQ' })).json();
    const snippet = await call(two.b, 'POST', `/data-providers/${provider.id}/snippets`, {
      question: 'What may the zeppelin carry?', content: 'The zeppelin allowance is one suitcase per passenger.',
    });
    expect(snippet.statusCode, snippet.body).toBe(201);
    await vi.waitFor(async () => {
      const hits = await two.a.ctx.services.knowledge.search(two.demo.project_id, 'zeppelin allowance suitcase');
      expect(hits.some((p) => p.text.includes('one suitcase per passenger'))).toBe(true);
    }, { timeout: 10_000, interval: 100 });
  });

  it('numbers builds made at once on both instances without a clash', async () => {
    const builds = await Promise.all(Array.from({ length: 6 }, (_, i) => call(i % 2 ? two.b : two.a, 'POST', '/deployments', { note: `build ${i}` })));
    expect(builds.map((b) => b.statusCode)).toEqual(Array(6).fill(201));
    const versions = builds.map((b) => b.json().version as number).sort((x, y) => x - y);
    expect(versions).toEqual([1, 2, 3, 4, 5, 6]);
    const listed = (await call(two.b, 'GET', '/deployments')).json();
    expect((listed.data ?? listed).map((d: { note: string }) => d.note).sort()).toEqual(Array.from({ length: 6 }, (_, i) => `build ${i}`));
  });
});
