// Permissions of spec section 5.5. Write, update and delete imply the matching read (spec 5.4).
export const PERMISSIONS = [
  'project:read',
  'conversation:read',
  'conversation:write',
  'conversation:generate',
  'metric:read',
  'topic:read',
  'userpool:read',
  'userpool:update',
  'knowledge:read',
  'knowledge:write',
  'table:read',
  'table:write',
  'file:read',
  'label:read',
  'label:upsert',
  'deployment:update',
  'export:read',
  'full_export:read',
  // Beyond the spec's list: webhook endpoints hold signing secrets and send the project's data
  // elsewhere, so they are a separate grant (owner and admin have it, docs/operators.md).
  'webhook:read',
  'webhook:write',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

const IMPLIES_READ = new Set(['write', 'update', 'delete', 'upsert', 'create']);

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}

/** The permissions a key effectively holds: its own plus the read implied by write/update/delete. */
export function effectivePermissions(granted: readonly string[]): Set<string> {
  const out = new Set<string>(granted);
  for (const p of granted) {
    const [resource, action] = p.split(':');
    if (action && IMPLIES_READ.has(action)) out.add(`${resource}:read`);
  }
  return out;
}

/** Which of `required` are missing from `granted` once implications are applied. */
export function missingPermissions(granted: readonly string[], required: readonly string[]): string[] {
  const have = effectivePermissions(granted);
  return required.filter((p) => !have.has(p));
}
