// Test fixture: a signed-in team member of the demo organization with a given role, as the team
// console would be (session cookie + CSRF token). Real login over the real app.
import type { MemberRole } from '../../../shared/schemas/entities.js';
import type { TestApp } from '../../testing/test-app.js';

export interface TeamLogin {
  member_id: string;
  name: string;
  cookie: string;
  csrf: string;
  /** Headers for a state-changing call (cookie + X-CSRF-Token). */
  headers: Record<string, string>;
}

let n = 0;

export async function loginAs(t: TestApp, role: MemberRole, opts: { organizationId?: string; name?: string; avatar_url?: string } = {}): Promise<TeamLogin> {
  const email = `${role}-${process.pid}-${++n}@team.test`;
  const password = 'correct horse battery';
  const member = await t.app.ctx.services.org.createMember({
    organizationId: opts.organizationId ?? t.demo.organization_id,
    email,
    name: opts.name ?? `${role[0].toUpperCase()}${role.slice(1)} ${n}`,
    password,
    role,
  });
  if (opts.avatar_url) {
    await t.app.ctx.store.collection('members').put(member.organization_id, { ...member, avatar_url: opts.avatar_url });
  }
  const res = await t.app.inject({ method: 'POST', url: '/v1/org/login', payload: { email, password }, remoteAddress: `10.99.${n >> 8}.${n & 255}` });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  const cookie = String(res.headers['set-cookie']).split(';')[0]!;
  const csrf = res.json().csrf_token as string;
  return { member_id: member.id, name: member.name, cookie, csrf, headers: { cookie, 'x-csrf-token': csrf } };
}
