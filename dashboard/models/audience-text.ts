// Words for the audience builder: field and operator names from the shared catalogue
// (shared/schemas/audience-fields.ts, spec 2.8) and a one-line reading of a saved audience's
// conditions for the list, in the API's own field names so they match docs/behaviour.md.
import { AUDIENCE_FIELDS, type AudienceFieldGroup } from '../../shared/schemas/audience-fields.js';
import type { AudienceNode } from '../../shared/schemas/behaviour.js';

export const GROUP_LABELS: Record<AudienceFieldGroup, string> = {
  user: 'User attributes',
  channel: 'Channel properties',
  conversation: 'Conversation',
  time: 'Time',
};

/** The catalogue's fields per group, in catalogue order. */
export const FIELDS_BY_GROUP = (Object.keys(GROUP_LABELS) as AudienceFieldGroup[]).map((group) => ({
  group,
  label: GROUP_LABELS[group],
  fields: Object.keys(AUDIENCE_FIELDS).filter((k) => AUDIENCE_FIELDS[k].group === group),
}));

const words = (id: string) => id.replace(/_/g, ' ');
/** `user.email_verified` → "email verified" (the option sits in its group's list). */
export const fieldLabel = (field: string) => words(field.slice(field.indexOf('.') + 1));
export const operatorLabel = (operator: string) => words(operator);

function operandText(v: unknown): string {
  if (v === undefined) return '';
  if (Array.isArray(v)) return v.length === 2 && typeof v[0] !== 'string' ? `${v[0]} and ${v[1]}` : v.map((x) => JSON.stringify(x)).join(', ');
  if (v && typeof v === 'object') {
    const d = v as { amount?: unknown; unit?: unknown };
    return `${String(d.amount)} ${String(d.unit)}`;
  }
  return JSON.stringify(v);
}

/** `user.email_verified is true AND (channel.browser_url contains "/pricing" OR …)`. */
export function describeConditions(nodes: readonly AudienceNode[], combinator: 'and' | 'or' = 'and'): string {
  if (!nodes.length) return 'Everyone';
  return nodes
    .map((n) => {
      if (n.type === 'group') return `(${describeConditions(n.conditions, n.combinator)})`;
      const field = n.path ? `${n.field}.${n.path}` : n.field;
      const value = Array.isArray(n.value) && n.value.length === 2 && typeof n.value[0] === 'string' && n.operator === 'between' ? `${n.value[0]} and ${n.value[1]}` : operandText(n.value);
      const zone = n.timezone === 'project' ? " (project's time)" : '';
      return [field, operatorLabel(n.operator), value].filter(Boolean).join(' ') + zone;
    })
    .join(combinator === 'and' ? ' AND ' : ' OR ');
}
