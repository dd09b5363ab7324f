// A signed-in member's refusals on project routes (403 insufficient_permissions,
// csrf_failed, another organization's 404) count against that member's own budget, not the per-address
// budget of unauthenticated failures (project-guard.ts, docs/api.md "Rate limits"), so one member
// cannot turn every other caller behind the same address into 429s. Real app over inject.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAtMinuteStart } from '../../testing/minute-window.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { loginAs, type TeamLogin } from './team-session.fixture.js';

const ADDRESS = '192.0.2.44';
let t: TestApp;
let member: TeamLogin;
let foreignProject: string;

beforeAll(async () => {
  t = await createTestApp();
  // The Standard figures, the same as the per-address budget's: whichever bucket counts the refusals
  // runs out after the same number, so the checks after it tell which one did.
  await t.app.ctx.services.org.updateOrganization(t.demo.organization_id, { plan: 'standard' });
  member = await loginAs(t, 'member');
  const org = await t.app.ctx.services.org.createOrganization({ name: 'Elsewhere' });
  foreignProject = (await t.app.ctx.services.projects.createProject({ organizationId: org.id, name: 'Theirs' })).id;
});
afterAll(() => t.close());

const P = () => `/v1/projects/${t.demo.project_id}`;

/** One of the three refusals a signed-in member can get, in turn. */
function refused(i: number, who: TeamLogin) {
  const kinds = [
    { method: 'POST' as const, url: `${P()}/conversations`, headers: who.headers, payload: {} }, // 403 insufficient_permissions
    { method: 'POST' as const, url: `${P()}/conversations`, headers: { cookie: who.cookie }, payload: {} }, // 403 csrf_failed
    { method: 'GET' as const, url: `/v1/projects/${foreignProject}/conversations`, headers: { cookie: who.cookie } }, // 404
  ];
  return t.app.inject({ ...kinds[i % 3], remoteAddress: ADDRESS });
}

describe('a signed-in member\'s refusals and the per-address budget', () => {
  it('count against the member, never as 429s for everyone else at the address', async () => {
    startAtMinuteStart();
    const first = await Promise.all([0, 1, 2].map((i) => refused(i, member)));
    expect(first.map((r) => [r.statusCode, r.json().error])).toEqual([
      [403, 'insufficient_permissions'],
      [403, 'csrf_failed'],
      [404, 'not_found'],
    ]);
    // Past the per-minute figure and the 2x burst: the member's own budget runs out.
    let status = 0;
    for (let i = 3; i < 500 && status !== 429; i++) status = (await refused(i, member)).statusCode;
    expect(status).toBe(429);

    // The address is not spent: a stranger still gets 401, another member's refusal its 403.
    const stranger = await t.app.inject({ method: 'GET', url: `${P()}/conversations`, remoteAddress: ADDRESS });
    expect(stranger.statusCode).toBe(401);
    const colleague = await loginAs(t, 'member');
    expect((await refused(0, colleague)).statusCode).toBe(403);
    // Nor the project: the member's allowed reads still go through against the project's budget.
    const read = await t.app.inject({ method: 'GET', url: `${P()}/conversations`, headers: { cookie: colleague.cookie }, remoteAddress: ADDRESS });
    expect(read.statusCode).toBe(200);
  });
});
