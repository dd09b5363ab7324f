// Team roles as named sets of the spec's `resource:action` permissions (spec 5.4: API keys "match the
// permissions of user roles"). This is the ONE place the sets are defined: the project guard checks a
// team session against ROLE_PERMISSIONS exactly as it checks an API key against its permissions, so
// routes name permissions, never roles. docs/operators.md prints the table.
//
// Organization-level work (billing, team, API keys) is separate: it is ranked by role in
// server/http/auth/session.ts (owner > admin > operator = member there) and never reachable by a key.
import { PERMISSIONS, type Permission } from './permissions.js';
import type { MemberRole } from './schemas/entities.js';

/** Every role, most powerful first. */
export const ROLES = ['owner', 'admin', 'operator', 'member'] as const satisfies readonly MemberRole[];

const ALL: readonly Permission[] = PERMISSIONS;

export const ROLE_PERMISSIONS: Record<MemberRole, readonly Permission[]> = {
  /** Everything, including personal-data exports. */
  owner: ALL,
  /** Everything in a project except the full (personal-data) export, which the owner grants with care (spec 4.1). */
  admin: ALL.filter((p) => p !== 'full_export:read'),
  /**
   * The support team: reads and answers conversations, labels them, reads users and metrics (the
   * metrics call needs export:read, spec 4). No knowledge or table edits, no deployments, no
   * personal-data export, no keys.
   */
  operator: ['project:read', 'conversation:read', 'conversation:write', 'metric:read', 'topic:read', 'userpool:read', 'knowledge:read', 'table:read', 'file:read', 'label:read', 'label:upsert', 'export:read'],
  /** Read-only: sees conversations, users, knowledge and metrics; changes nothing. */
  member: ['project:read', 'conversation:read', 'metric:read', 'topic:read', 'userpool:read', 'knowledge:read', 'table:read', 'file:read', 'label:read', 'export:read'],
};

export function roleHas(role: MemberRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}
