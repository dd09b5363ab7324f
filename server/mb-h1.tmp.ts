import { createTestApp } from './testing/test-app.js';
const t = await createTestApp({ logLevel: 'silent' });
const s = t.app.ctx.services;
await s.org.updateOrganization(t.demo.organization_id, { plan: 'enterprise', rate_limits: { per_minute: 1e9, per_day: 1e12 } });
for (let i = 0; i < 200; i++) await s.conversations.create({ projectId: t.demo.project_id, userId: t.demo.project_id, firstMessage: { role: 'user', content: 'q' + i } });
const api = { method: 'GET' as const, url: `/v1/projects/${t.demo.project_id}/conversations`, headers: { authorization: `Bearer ${t.demo.api_key}` } };
const hello = { method: 'GET' as const, url: '/healthz' };
const noauthList = { method: 'GET' as const, url: `/v1/projects/${t.demo.project_id}/conversations?limit=1`, headers: { authorization: `Bearer ${t.demo.api_key}` } };
async function time(name: string, opts: any, n = 3000) {
  for (let i = 0; i < 300; i++) await t.app.inject(opts);
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await t.app.inject(opts);
  console.log(name, ((performance.now() - t0) / n * 1000).toFixed(0), 'us/req');
}
await time('hello', hello);
await time('api', api);
await time('api limit=1', noauthList);
await time('hello', hello);
await time('api', api);
await t.close();
