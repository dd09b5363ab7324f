// The team (spec 2.1) and the signed-in member's own account: the only module of the Team and
// Account pages that calls the API (docs/api.md "Two kinds of caller").
import type { MemberRole, Organization } from '../../shared/schemas/entities.js';
import { ROLES } from '../../shared/roles.js';
import { api, setCsrfToken } from './api.js';
import { session, type SessionMember } from './session.js';

export { ROLES };
export type { MemberRole };

export const teamPath = (projectId: string) => `/app/p/${projectId}/team`;
export const accountPath = (projectId: string) => `/app/p/${projectId}/account`;

export const listTeam = async () => (await api<{ data: SessionMember[] }>('GET', '/v1/org/members')).data;
export const inviteMember = (body: { email: string; name?: string; role: MemberRole; invite?: 'link' }) =>
  api<{ member: SessionMember; temporary_password: string | null; invite_url?: string; invite_emailed?: boolean }>('POST', '/v1/org/members', body);
export const changeRole = (id: string, role: MemberRole) => api<SessionMember>('PATCH', `/v1/org/members/${encodeURIComponent(id)}`, { role });
export const removeMember = (id: string) => api<void>('DELETE', `/v1/org/members/${encodeURIComponent(id)}`);

/** Changes the password; the session stays and now knows the temporary password is gone. */
export async function changePassword(current_password: string, new_password: string): Promise<void> {
  const out = await api<{ member: SessionMember; organization: never; csrf_token: string }>('POST', '/v1/org/me/password', { current_password, new_password });
  setCsrfToken(out.csrf_token);
  const s = session.peek();
  if (s.status === 'signed_in') session.value = { ...s, member: out.member };
}

/** Accepts a single-use invite link and signs in (the session model takes over from here). */
export async function acceptInvite(token: string, password: string): Promise<void> {
  const out = await api<{ member: SessionMember; organization: Organization; csrf_token: string }>('POST', '/v1/org/invites/accept', { token, password });
  setCsrfToken(out.csrf_token);
  session.value = { status: 'signed_in', member: out.member, organization: out.organization };
}

export async function signOutEverywhere(): Promise<void> {
  await api<void>('POST', '/v1/org/me/sign-out-everywhere');
  setCsrfToken('');
  session.value = { status: 'signed_out' };
}

/** Asks for a reset link by e-mail; the server answers the same whether the address has an account. */
export const requestPasswordReset = (email: string) => api<void>('POST', '/v1/org/password-reset', { email });

/** Sets a new password through a reset link and signs in (the member's other sessions end). */
export async function completePasswordReset(token: string, password: string): Promise<void> {
  const out = await api<{ member: SessionMember; organization: Organization; csrf_token: string }>('POST', '/v1/org/password-reset/complete', { token, password });
  setCsrfToken(out.csrf_token);
  session.value = { status: 'signed_in', member: out.member, organization: out.organization };
}
