// User pools (spec 2.4) over the real app: users live in a pool scoped to the organization that
// projects may share. A verified visitor is one user across projects sharing a pool and two users
// across projects that do not; the org API and the admin CLI create projects in either mode; data
// stored before pools existed is migrated in place (a project's pool keeps the project's id).
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { buildApp } from '../../app.js';
import { testConfig } from '../../config.js';
import { newId } from '../../lib/ids.js';
import { STORE_COMMANDS } from '../../cli/commands.js';
import { PERMISSIONS } from '../../../shared/permissions.js';
import type { Project } from '../../../shared/schemas/entities.js';
import { connectWidget, type WidgetClient } from '../widget/test-client.js';
import { channelIdentitySecret } from '../identity/channel-secret.js';
import { signValue } from '../identity/verify.js';

let t: TestApp;
let base: string;
let session: { cookie: string; csrf: string };
const sockets: WidgetClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  base = await t.listen();
  const res = await t.app.inject({ method: 'POST', url: '/v1/org/login', payload: { email: t.demo.email, password: t.demo.password } });
  session = { cookie: String(res.headers['set-cookie']).split(';')[0]!, csrf: res.json().csrf_token };
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

const svc = () => t.app.ctx.services;
const org = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { cookie: session.cookie, 'x-csrf-token': session.csrf, ...(payload ? { 'content-type': 'application/json' } : {}) },
    ...(payload ? { payload: JSON.stringify(payload) } : {}),
  });

async function createProject(body: { name: string; user_pool_id?: string }): Promise<Project> {
  const res = await org('POST', '/v1/org/projects', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Project;
}

/** A visitor on a widget of `projectId` who signs in as `email` and asks something; returns their user id. */
async function verifiedVisitor(projectId: string, email: string): Promise<{ userId: string; conversationId: string }> {
  const channels = await svc().projects.listChannels(projectId);
  const channel = channels[0] ?? (await svc().projects.createChannel(projectId, { allowed_origins: [base] }));
  const { secret } = await channelIdentitySecret(svc().projects, projectId, { channelId: channel.id });
  const c = await connectWidget(base, base);
  sockets.push(c);
  c.send({ type: 'session.hello', v: 1, frame_id: channel.frame_id });
  await c.next('session.welcome');
  c.send({ type: 'identity.identify', email, email_signature: signValue(secret, 'email', email) });
  const { user } = await c.next('identity.updated');
  c.send({ type: 'message.send', client_id: `pool-${newId().slice(-12)}`, content: `hello from ${projectId}` });
  const ack = await c.next('message.ack');
  return { userId: user.id, conversationId: ack.conversation.id };
}

async function usersApi(projectId: string, query: string) {
  const { key } = await svc().apiKeys.create(projectId, { name: 'pool test', permissions: [...PERMISSIONS], environment: 'test' });
  const res = await t.app.inject({ method: 'GET', url: `/v1/projects/${projectId}/users${query}`, headers: { authorization: `Bearer ${key}` } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { id: string; user_pool_id: string }[] }).data;
}

describe('user pools', () => {
  it('a verified user is one user across two projects that share a pool', async () => {
    const demo = (await svc().projects.getProject(t.demo.project_id))!;
    const shop = await createProject({ name: 'Shop DE', user_pool_id: demo.user_pool_id });
    expect(shop.user_pool_id).toBe(demo.user_pool_id);

    const inDemo = await verifiedVisitor(demo.id, 'ada@shop.test');
    const inShop = await verifiedVisitor(shop.id, 'ada@shop.test');
    expect(inShop.userId).toBe(inDemo.userId);
    // Conversations stay in their project; both belong to the one user.
    expect((await svc().conversations.get(demo.id, inDemo.conversationId))!.user_id).toBe(inDemo.userId);
    expect((await svc().conversations.get(shop.id, inShop.conversationId))!.user_id).toBe(inDemo.userId);
    expect(await svc().conversations.get(demo.id, inShop.conversationId)).toBeUndefined();

    // Both projects' users APIs reach the same user.
    const viaShop = await usersApi(shop.id, '?email=ada@shop.test');
    expect(viaShop.map((u) => u.id)).toEqual([inDemo.userId]);
    expect(viaShop[0]!.user_pool_id).toBe(demo.user_pool_id);
    expect((await usersApi(demo.id, '')).map((u) => u.id)).toContain(inDemo.userId);

    const pools = (await org('GET', '/v1/org/user-pools')).json().data as { id: string; project_ids: string[] }[];
    expect(pools.find((p) => p.id === demo.user_pool_id)!.project_ids).toEqual(expect.arrayContaining([demo.id, shop.id]));
  });

  it('checks identities across the pool: a user created through one project is a 409 through the other', async () => {
    const demo = (await svc().projects.getProject(t.demo.project_id))!;
    const twin = await createProject({ name: 'Twin', user_pool_id: demo.user_pool_id });
    const own = await createProject({ name: 'Own pool' });
    const post = async (projectId: string) => {
      const { key } = await svc().apiKeys.create(projectId, { name: 'pool 409', permissions: ['userpool:update'], environment: 'test' });
      return t.app.inject({
        method: 'POST',
        url: `/v1/projects/${projectId}/users`,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ external_id: 'crm-77' }),
      });
    };
    const first = await post(demo.id);
    expect(first.statusCode, first.body).toBe(201);
    const again = await post(twin.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'conflict', field: 'external_id', user_id: first.json().id });
    expect((await post(own.id)).statusCode).toBe(201);
  });

  it('is two users across projects that do not share a pool', async () => {
    const demo = (await svc().projects.getProject(t.demo.project_id))!;
    const brand = await createProject({ name: 'Other brand' });
    expect(brand.user_pool_id).not.toBe(demo.user_pool_id);

    const inDemo = await verifiedVisitor(demo.id, 'bo@shop.test');
    const inBrand = await verifiedVisitor(brand.id, 'bo@shop.test');
    expect(inBrand.userId).not.toBe(inDemo.userId);
    expect((await usersApi(brand.id, '')).map((u) => u.id)).toEqual([inBrand.userId]);
    expect(await svc().users.get(brand.id, inDemo.userId)).toBeUndefined();
  });

  it('shares only a pool of the same organization', async () => {
    const stranger = await svc().org.createOrganization({ name: 'Elsewhere', plan: 'standard' });
    const theirs = await svc().projects.createProject({ organizationId: stranger.id, name: 'Theirs' });
    for (const user_pool_id of [theirs.user_pool_id, newId()]) {
      const res = await org('POST', '/v1/org/projects', { name: 'Sneaky', user_pool_id });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'invalid_request', details: [{ path: 'user_pool_id' }] });
    }
    const bad = await org('POST', '/v1/org/projects', { name: 'Bad', user_pool_id: 'not-a-uuid' });
    expect(bad.statusCode).toBe(400);
    expect((await svc().projects.listProjects(t.demo.organization_id)).map((p) => p.name)).not.toContain('Sneaky');
  });

  it('the admin CLI creates a project in a shared pool with --user-pool', async () => {
    const demo = (await svc().projects.getProject(t.demo.project_id))!;
    const lines: string[] = [];
    await STORE_COMMANDS['create-project']!.run({ org: t.demo.organization_id, name: 'CLI shop', 'user-pool': demo.user_pool_id }, t.app.ctx, (l) => lines.push(l));
    expect(lines.join('\n')).toContain(`user pool ${demo.user_pool_id}`);
    const created = (await svc().projects.listProjects(t.demo.organization_id)).find((p) => p.name === 'CLI shop')!;
    expect(created.user_pool_id).toBe(demo.user_pool_id);
    await expect(STORE_COMMANDS['create-project']!.run({ org: t.demo.organization_id, name: 'CLI x', 'user-pool': newId() }, t.app.ctx, () => {})).rejects.toMatchObject({
      code: 'invalid_request',
    });
  });
});

describe('data stored before user pools', () => {
  it('is migrated in place: the project pool keeps the project id and user files stay put', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'parley-pools-'));
    const orgId = newId();
    const projectId = newId();
    const userId = newId();
    const at = new Date().toISOString();
    const write = async (path: string, doc: object) => {
      await mkdir(join(dir, path, '..'), { recursive: true });
      await writeFile(join(dir, path), JSON.stringify({ v: 1, doc }));
    };
    // Files exactly as the version without pools wrote them.
    await write(`organizations/global/${orgId}.json`, { id: orgId, name: 'Old Co', plan: 'standard', created_at: at });
    await write(`projects/${orgId}/${projectId}.json`, { id: projectId, organization_id: orgId, name: 'Old project', created_at: at });
    const userFile = `users/${projectId}/${userId}.json`;
    await write(userFile, {
      id: userId, project_id: projectId, first_name: 'Old', last_name: null, email: 'old@example.com', phone: null, external_id: null,
      external_attributes: {}, timezone: null, locales: [], labels: [], email_signed: true, phone_signed: false, external_id_signed: false,
      last_seen_at: null, created_at: at,
    });

    let app = await buildApp(testConfig(dir));
    try {
      const project = (await app.ctx.services.projects.getProject(projectId))!;
      expect(project.user_pool_id).toBe(projectId);
      const user = (await app.ctx.services.users.findByIdentity(projectId, 'email', 'old@example.com'))!;
      expect(user).toMatchObject({ id: userId, user_pool_id: projectId, email_signed: true });
      expect(user).not.toHaveProperty('project_id');
      // A new project may share the migrated pool and sees the old user.
      const sibling = await app.ctx.services.projects.createProject({ organizationId: orgId, name: 'Sibling', userPoolId: projectId });
      expect((await app.ctx.services.users.get(sibling.id, userId))?.id).toBe(userId);
    } finally {
      await app.close();
    }
    // Upgraded on disk at the same path, and read back as is.
    const stored = JSON.parse(await readFile(join(dir, userFile), 'utf8'));
    expect(stored).toMatchObject({ v: 2, doc: { id: userId, user_pool_id: projectId } });
    app = await buildApp(testConfig(dir));
    try {
      expect((await app.ctx.services.users.get(projectId, userId))?.email).toBe('old@example.com');
    } finally {
      await app.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
