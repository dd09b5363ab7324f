// Organizations and their team members (spec 2.1). Members log in with email and password.
import type { ParleyStore } from '../../store/index.js';
import type { Member, MemberRole, Organization } from '../../../shared/schemas/entities.js';
import { newId, now } from '../../lib/ids.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { AppError, conflict, invalid } from '../../errors.js';

export const GLOBAL_SCOPE = 'global';

export type PublicMember = Omit<Member, 'password_hash'>;

export const publicMember = ({ password_hash: _hidden, invite_hash: _link, reset_hash: _reset, reset_expires_at: _until, ...rest }: Member): PublicMember => rest;

export function createOrgService(store: ParleyStore) {
  const orgs = store.collection('organizations');
  const members = store.collection('members');

  return {
    async createOrganization(input: { name: string; plan?: Organization['plan'] }): Promise<Organization> {
      if (!input.name?.trim()) throw invalid('name is required', [{ path: 'name', message: 'is required' }]);
      const org: Organization = { id: newId(), name: input.name.trim(), plan: input.plan ?? 'standard', created_at: now() };
      return orgs.put(GLOBAL_SCOPE, org);
    },

    getOrganization: (id: string) => orgs.get(GLOBAL_SCOPE, id),
    listOrganizations: () => orgs.list(GLOBAL_SCOPE),

    async updateOrganization(id: string, patch: Partial<Pick<Organization, 'name' | 'plan' | 'rate_limits' | 'settings'>>) {
      return orgs.update(GLOBAL_SCOPE, id, (org) => ({ ...org, ...patch }));
    },

    async createMember(input: {
      organizationId: string;
      email: string;
      name?: string;
      password: string;
      role?: MemberRole;
    }): Promise<Member> {
      const email = input.email.trim().toLowerCase();
      if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw invalid('email is not valid', [{ path: 'email', message: 'is not an email address' }]);
      if (input.password.length < 8) {
        throw invalid('password must have at least 8 characters', [{ path: 'password', message: 'is too short' }]);
      }
      if ((await members.findBy('email', email)).length > 0) throw conflict(`a member with email ${email} exists`);
      if (!(await orgs.get(GLOBAL_SCOPE, input.organizationId))) throw new AppError('not_found', 'organization not found');
      const member: Member = {
        id: newId(),
        organization_id: input.organizationId,
        email,
        name: input.name?.trim() || email.split('@')[0],
        role: input.role ?? 'member',
        password_hash: await hashPassword(input.password),
        created_at: now(),
      };
      return members.put(input.organizationId, member);
    },

    listMembers: (organizationId: string) => members.list(organizationId),

    async findMemberByEmail(email: string): Promise<Member | undefined> {
      return (await members.findBy('email', email.trim().toLowerCase()))[0];
    },

    /** Replaces a member's password after checking the current one; clears a temporary password's flag. */
    async changePassword(member: Member, current: string, next: string): Promise<Member> {
      if (!(await verifyPassword(current, member.password_hash))) {
        throw new AppError('forbidden', 'The current password is not correct');
      }
      if (next.length < 8) throw invalid('The new password needs at least 8 characters', [{ path: 'new_password', message: 'is too short' }]);
      if (next === current) throw invalid('Choose a new password, not the current one', [{ path: 'new_password', message: 'equals the current password' }]);
      const password_hash = await hashPassword(next);
      const updated = await members.update(member.organization_id, member.id, ({ must_change_password: _done, ...m }) => ({ ...m, password_hash }));
      if (!updated) throw new AppError('not_found', 'member not found');
      return updated;
    },

    /** The member for a correct email and password, else undefined (same answer for both failures). */
    async verifyLogin(email: string, password: string): Promise<Member | undefined> {
      const member = (await members.findBy('email', email.trim().toLowerCase()))[0];
      if (!member) {
        await hashPassword(password); // equalise timing with the found case
        return undefined;
      }
      return (await verifyPassword(password, member.password_hash)) ? member : undefined;
    },
  };
}

export type OrgService = ReturnType<typeof createOrgService>;
