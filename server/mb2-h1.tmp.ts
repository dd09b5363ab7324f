import { createTestApp } from './testing/test-app.js';
const t = await createTestApp({ logLevel: 'silent' });
const s = t.app.ctx.services;
await s.org.updateOrganization(t.demo.organization_id, { plan: 'enterprise', rate_limits: { per_minute: 1e9, per_day: 1e12 } });
for (let i = 0; i < 200; i++) await s.conversations.create({ projectId: t.demo.project_id, userId: t.demo.project_id, firstMessage: { role: 'user', content: 'q' + i } });
const api = { method: 'GET' as const, url: `/v1/projects/${t.demo.project_id}/conversations`, headers: { authorization: `Bearer ${t.demo.api_key}` } };
for (let i = 0; i < 20000; i++) await t.app.inject(api);
await t.close();
