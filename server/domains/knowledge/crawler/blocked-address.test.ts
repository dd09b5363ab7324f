// A crawl refused by the SSRF guard tells the operator how to allow it: the stored failure reason of
// the page, the sync job's failure list and its error all name ALLOW_PRIVATE_FETCH.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { html, startSite, type TestSite } from '../testing/site.js';

let t: TestApp;
let site: TestSite;

beforeAll(async () => {
  t = await createTestApp({ allowPrivateFetch: false });
  site = await startSite('127.0.0.1', { '/': html('Home', '<p>Local intranet page about refunds.</p>') });
});
afterAll(async () => {
  await site?.close();
  await t?.close();
});

describe('blocked_address refusal', () => {
  it('names ALLOW_PRIVATE_FETCH in the source, the job failure and the job error', async () => {
    const base = `/v1/projects/${t.demo.project_id}`;
    const headers = { authorization: `Bearer ${t.demo.api_key}` };
    const call = async (method: string, url: string, payload?: object) => {
      const res = await t.app.inject({ method: method as 'GET', url: `${base}${url}`, headers, payload });
      return res.json();
    };
    const provider = await call('POST', '/data-providers', { type: 'web_crawler', name: 'Intranet', crawler: { start_urls: [`${site.url}/`] } });
    const job = await call('POST', `/data-providers/${provider.id}/sync`);
    await t.app.ctx.services.knowledge.waitForSync(t.demo.project_id, provider.id);
    const done = await call('GET', `/data-providers/${provider.id}/sync-jobs/${job.id}`);
    expect(done.status).toBe('failed');
    expect(done.failures[0].error).toMatch(/^blocked_address: .*ALLOW_PRIVATE_FETCH=true/);
    expect(done.error).toContain('ALLOW_PRIVATE_FETCH=true');
    const failed = await call('GET', `/sources?data_provider_id=${provider.id}&status=failed`);
    expect(failed.data).toHaveLength(1);
    expect(failed.data[0].error).toContain('ALLOW_PRIVATE_FETCH=true');
    expect(site.requests).toEqual([]);
  });
});
