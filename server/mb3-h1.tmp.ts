import { createTestApp } from './testing/test-app.js';
import build from 'fast-json-stringify';
import { ConversationList } from '../shared/schemas/api.js';
const t = await createTestApp({ logLevel: 'silent' });
const s = t.app.ctx.services;
await s.org.updateOrganization(t.demo.organization_id, { plan: 'enterprise', rate_limits: { per_minute: 1e9, per_day: 1e12 } });
for (let i = 0; i < 200; i++) await s.conversations.create({ projectId: t.demo.project_id, userId: t.demo.project_id, firstMessage: { role: 'user', content: 'q' + i } });
const H = { authorization: `Bearer ${t.demo.api_key}` };
const variants: Record<string, any> = {
  hello: { method: 'GET', url: '/healthz' },
  api1: { method: 'GET', url: `/v1/projects/${t.demo.project_id}/conversations?limit=1`, headers: H },
  api20: { method: 'GET', url: `/v1/projects/${t.demo.project_id}/conversations`, headers: H },
  metrics404: { method: 'GET', url: `/v1/projects/${t.demo.project_id}/users/0190f0f0-0000-7000-8000-000000000000`, headers: H },
};
const list = await s.conversations.list(t.demo.project_id);
const page = { data: list.slice(-20).reverse(), has_more: true };
const fjs = build(ConversationList as any);
const tot: Record<string, number> = {};
for (let round = 0; round < 6; round++) {
  for (const [name, opts] of Object.entries(variants)) {
    const t0 = performance.now();
    for (let i = 0; i < 1000; i++) await t.app.inject(opts);
    if (round > 0) tot[name] = (tot[name] ?? 0) + (performance.now() - t0);
  }
  let t0 = performance.now();
  for (let i = 0; i < 1000; i++) fjs(page);
  if (round > 0) tot.fjs20 = (tot.fjs20 ?? 0) + (performance.now() - t0);
  t0 = performance.now();
  for (let i = 0; i < 1000; i++) JSON.stringify(page);
  if (round > 0) tot.json20 = (tot.json20 ?? 0) + (performance.now() - t0);
}
for (const [k, v] of Object.entries(tot)) console.log(k.padEnd(12), (v / 5).toFixed(0), 'us/req');
console.log('bytes', fjs(page).length, JSON.stringify(page).length);
await t.close();
