// An open team feed follows its grant (docs/operators.md "Team feed"). A member
// removed, signed out everywhere, signed out, or whose password was changed in another session loses
// the feed at once (close 4401); a deleted project closes it with 4404; a demotion refuses typing on
// the open feed. Real app on a real port, real sockets; every wait is on a frame or a close.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { connectTeam, type TeamClient } from './team-client.fixture.js';
import { loginAs, type TeamLogin } from '../../http/auth/team-session.fixture.js';
import { CLOSE_CODES } from '../../../shared/close-codes.js';

let t: TestApp;
let base: string;
let admin: TeamLogin;
const sockets: TeamClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  base = await t.listen();
  admin = await loginAs(t, 'admin');
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

async function feed(cookie: string, projectId = t.demo.project_id): Promise<TeamClient> {
  const f = await connectTeam(base, cookie);
  sockets.push(f);
  f.send({ type: 'team.hello', v: 1, project_id: projectId });
  await f.next('team.welcome');
  return f;
}

/** A second session of the same member: log in again with the fixture's password. */
async function secondSession(t: TestApp, member: TeamLogin): Promise<TeamLogin> {
  const email = (await t.app.ctx.store.collection('members').get(t.demo.organization_id, member.member_id))!.email;
  const res = await t.app.inject({ method: 'POST', url: '/v1/org/login', payload: { email, password: 'correct horse battery' } });
  const cookie = String(res.headers['set-cookie']).split(';')[0]!;
  const csrf = res.json().csrf_token as string;
  return { ...member, cookie, csrf, headers: { cookie, 'x-csrf-token': csrf } };
}

const post = (url: string, headers: Record<string, string>, payload?: object) => t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

describe('team feed: the grant is re-checked while the feed is open', () => {
  it('a member removed from the organization is disconnected at once with 4401', async () => {
    const gone = await loginAs(t, 'operator');
    const f = await feed(gone.cookie);
    const res = await t.app.inject({ method: 'DELETE', url: `/v1/org/members/${gone.member_id}`, headers: admin.headers });
    expect(res.statusCode).toBe(204);
    expect((await f.closed).code).toBe(CLOSE_CODES.revoked);
    expect(f.frames.at(-1)).toMatchObject({ type: 'error', error: 'unauthorized' });
  });

  it('sign out everywhere and sign out close the feed with 4401', async () => {
    const m = await loginAs(t, 'operator');
    const f = await feed(m.cookie);
    expect((await post('/v1/org/me/sign-out-everywhere', m.headers)).statusCode).toBe(204);
    expect((await f.closed).code).toBe(CLOSE_CODES.revoked);

    const n = await loginAs(t, 'member');
    const g = await feed(n.cookie);
    expect((await post('/v1/org/logout', n.headers)).statusCode).toBe(204);
    expect((await g.closed).code).toBe(CLOSE_CODES.revoked);
  });

  it('a password change in one session closes the feeds of the member\'s other sessions, not its own', async () => {
    const a = await loginAs(t, 'operator');
    const b = await secondSession(t, a);
    const onA = await feed(a.cookie);
    const onB = await feed(b.cookie);
    const res = await post('/v1/org/me/password', b.headers, { current_password: 'correct horse battery', new_password: 'another horse battery' });
    expect(res.statusCode).toBe(200);
    expect((await onA.closed).code).toBe(CLOSE_CODES.revoked);
    // B's re-check ran before this ping (same frame queue): the feed of the session that changed it stays.
    onB.send({ type: 'ping' });
    await onB.next('pong');
  });

  it('a member demoted to a read-only role can no longer type on the open feed', async () => {
    const op = await loginAs(t, 'operator');
    const user = await t.app.ctx.services.users.create(t.demo.project_id, {});
    const c = await t.app.ctx.services.conversations.create({ projectId: t.demo.project_id, userId: user.id, firstMessage: { role: 'user', content: 'hi' } });
    const f = await feed(op.cookie);
    f.send({ type: 'typing', conversation_id: c.id, typing: true });
    f.send({ type: 'ping' });
    await f.next('pong');
    expect(f.frames.filter((x) => x.type === 'error')).toEqual([]);

    const res = await t.app.inject({ method: 'PATCH', url: `/v1/org/members/${op.member_id}`, headers: admin.headers, payload: { role: 'member' } });
    expect(res.statusCode).toBe(200);
    f.send({ type: 'typing', conversation_id: c.id, typing: true });
    f.send({ type: 'ping' });
    await f.next('pong');
    expect(f.frames.filter((x) => x.type === 'error').map((x) => x.type === 'error' && x.error)).toEqual(['insufficient_permissions']);
  });

  it('a deleted project closes its feeds with 4404', async () => {
    const project = await t.app.ctx.services.projects.createProject({ organizationId: t.demo.organization_id, name: 'Short-lived' });
    const f = await feed(admin.cookie, project.id);
    const res = await t.app.inject({ method: 'DELETE', url: `/v1/org/projects/${project.id}`, headers: admin.headers });
    expect(res.statusCode).toBe(204);
    expect((await f.closed).code).toBe(CLOSE_CODES.projectGone);
  });

  it('a session that expires while its feed is open closes the feed with 4401 at the sweep', async () => {
    const m = await loginAs(t, 'operator');
    const f = await feed(m.cookie);
    const kept = await feed(admin.cookie);
    // The operator's session reaches its expiry (in the store, as time would) with no request made on it.
    const sessions = t.app.ctx.store.collection('sessions');
    const mine = (await sessions.list(t.demo.organization_id)).filter((s) => s.member_id === m.member_id);
    for (const s of mine) await sessions.update(t.demo.organization_id, s.id, (doc) => ({ ...doc, expires_at: new Date(Date.now() - 1000).toISOString() }));
    expect(await t.app.ctx.services.sessions.sweepExpired()).toBe(mine.length);
    expect((await f.closed).code).toBe(CLOSE_CODES.revoked);
    expect(f.frames.at(-1)).toMatchObject({ type: 'error', error: 'unauthorized' });
    kept.send({ type: 'ping' });
    await kept.next('pong');
  });
});
