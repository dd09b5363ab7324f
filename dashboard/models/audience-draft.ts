// The audience query builder's editing state (spec 2.8, docs/behaviour.md "Audiences"): a tree of
// conditions and groups that mirrors the API's `conditions` item for item, so the index path of a
// 400 (`conditions[1].conditions[0]`) names a node of this tree. Values are kept as the text the
// inputs show and turned into the operand the operator needs only when saving: the server judges
// them, and its message then appears at the row.
import { AUDIENCE_FIELDS, AUDIENCE_OPERATORS, fieldOperators, type AudienceFieldType, type DurationUnit } from '../../shared/schemas/audience-fields.js';
import type { AudienceCondition, AudienceNode } from '../../shared/schemas/behaviour.js';

export interface DraftValue {
  /** The operand as typed (text, number, date, JSON value, comma-separated list); the low end of a range. */
  text: string;
  /** The high end of a range. */
  high: string;
  amount: string;
  unit: DurationUnit;
  /** Chosen options of a select field. */
  list: string[];
}

export interface DraftCondition {
  type: 'condition';
  key: string;
  field: string;
  operator: string;
  value: DraftValue;
  /** JSON fields: the dot path. */
  path: string;
  timezone: 'user' | 'project';
}

export interface DraftGroup {
  type: 'group';
  key: string;
  combinator: 'and' | 'or';
  items: DraftNode[];
}

export type DraftNode = DraftCondition | DraftGroup;

/** How the operand of an operator is entered. */
export type ValueKind = 'none' | 'text' | 'number' | 'number_range' | 'day' | 'date' | 'date_range' | 'duration' | 'options' | 'list' | 'boolean';

/** Groups nest two levels below the root (the API's limit): root → group → group. */
export const MAX_GROUP_DEPTH = 2;

let counter = 0;
const nextKey = () => `n${++counter}`;

const emptyValue = (): DraftValue => ({ text: '', high: '', amount: '', unit: 'days', list: [] });

export const fieldType = (field: string): AudienceFieldType => AUDIENCE_FIELDS[field]?.type ?? 'text';
export const operatorsOf = (field: string): readonly string[] => (AUDIENCE_FIELDS[field] ? fieldOperators(AUDIENCE_FIELDS[field]) : AUDIENCE_OPERATORS[fieldType(field)]);
/** Date fields and every time field take a timezone (docs/behaviour.md "Timezones"). */
export const takesTimezone = (field: string) => fieldType(field) === 'date' || AUDIENCE_FIELDS[field]?.group === 'time';

export function valueKind(field: string, operator: string): ValueKind {
  if (['is_empty', 'is_not_empty', 'is_true', 'is_false', 'path_exists'].includes(operator)) return 'none';
  switch (fieldType(field)) {
    case 'number':
      return operator === 'between' ? 'number_range' : 'number';
    case 'date':
      if (operator === 'is') return 'day';
      if (operator === 'between') return 'date_range';
      return operator === 'in_the_last' || operator === 'in_the_next' ? 'duration' : 'date';
    case 'select':
      return AUDIENCE_FIELDS[field]?.options ? 'options' : 'list';
    case 'multiselect':
      return operator === 'contains' ? 'text' : 'list';
    case 'json':
      if (operator === 'number_is') return 'number';
      return operator === 'boolean_is' ? 'boolean' : 'text';
    default:
      return operator === 'is_one_of' ? 'list' : 'text';
  }
}

export const newCondition = (field = 'user.email'): DraftCondition => ({
  type: 'condition',
  key: nextKey(),
  field,
  operator: operatorsOf(field)[0],
  value: emptyValue(),
  path: '',
  timezone: 'user',
});

export const newGroup = (): DraftGroup => ({ type: 'group', key: nextKey(), combinator: 'or', items: [newCondition()] });

/** A new field keeps the operator when the type has it, and the typed value when the type is the same. */
export function withField(c: DraftCondition, field: string): DraftCondition {
  const sameType = fieldType(field) === fieldType(c.field);
  const operator = operatorsOf(field).includes(c.operator) ? c.operator : operatorsOf(field)[0];
  return { ...c, field, operator, value: sameType ? c.value : emptyValue(), path: fieldType(field) === 'json' ? c.path : '' };
}

// ---- tree edits (immutable: the builder re-renders from a new tree) --------------------------

export function updateNode(items: DraftNode[], key: string, fn: (n: DraftNode) => DraftNode): DraftNode[] {
  return items.map((n) => (n.key === key ? fn(n) : n.type === 'group' ? { ...n, items: updateNode(n.items, key, fn) } : n));
}

export function removeNode(items: DraftNode[], key: string): DraftNode[] {
  return items.filter((n) => n.key !== key).map((n) => (n.type === 'group' ? { ...n, items: removeNode(n.items, key) } : n));
}

/** Adds a node to the group with `groupKey`, or to the root when it is null. */
export function appendTo(items: DraftNode[], groupKey: string | null, node: DraftNode): DraftNode[] {
  if (groupKey === null) return [...items, node];
  return updateNode(items, groupKey, (g) => (g.type === 'group' ? { ...g, items: [...g.items, node] } : g));
}

/** The node at an index path of the API's conditions ([1, 0]: the first item of the second item's group). */
export function nodeAt(items: DraftNode[], at: number[]): DraftNode | undefined {
  let node: DraftNode | undefined;
  let list = items;
  for (const i of at) {
    node = list[i];
    if (!node) return undefined;
    list = node.type === 'group' ? node.items : [];
  }
  return node;
}

// ---- to and from the API -------------------------------------------------------------------

const num = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));
const splitList = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

function operand(c: DraftCondition): unknown {
  const v = c.value;
  switch (valueKind(c.field, c.operator)) {
    case 'none':
      return undefined;
    case 'number':
      return num(v.text);
    case 'number_range':
      return [num(v.text), num(v.high)];
    case 'date_range':
      return [v.text, v.high];
    case 'duration':
      return { amount: num(v.amount), unit: v.unit };
    case 'options':
      return v.list;
    case 'list':
      return splitList(v.text);
    case 'boolean':
      return v.text !== 'false';
    default:
      return v.text;
  }
}

export function toApiConditions(items: DraftNode[]): AudienceNode[] {
  return items.map((n): AudienceNode => {
    if (n.type === 'group') return { type: 'group', combinator: n.combinator, conditions: toApiConditions(n.items) as AudienceCondition[] };
    const value = operand(n);
    return {
      type: 'condition',
      field: n.field,
      operator: n.operator,
      ...(value !== undefined ? { value } : {}),
      ...(fieldType(n.field) === 'json' ? { path: n.path.trim() } : {}),
      ...(takesTimezone(n.field) ? { timezone: n.timezone } : {}),
    };
  });
}

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));

function draftValue(c: AudienceCondition): DraftValue {
  const v = c.value;
  const out = emptyValue();
  switch (valueKind(c.field, c.operator)) {
    case 'number_range':
    case 'date_range':
      if (Array.isArray(v)) [out.text, out.high] = [text(v[0]), text(v[1])];
      break;
    case 'duration': {
      const d = (v ?? {}) as { amount?: unknown; unit?: DurationUnit };
      out.amount = text(d.amount);
      if (d.unit) out.unit = d.unit;
      break;
    }
    case 'options':
      out.list = Array.isArray(v) ? v.map(String) : [];
      break;
    case 'list':
      out.text = Array.isArray(v) ? v.join(', ') : text(v);
      break;
    default:
      out.text = text(v);
  }
  return out;
}

export function fromApiConditions(nodes: readonly AudienceNode[]): DraftNode[] {
  return nodes.map((n): DraftNode => {
    if (n.type === 'group') return { type: 'group', key: nextKey(), combinator: n.combinator, items: fromApiConditions(n.conditions) };
    return { type: 'condition', key: nextKey(), field: n.field, operator: n.operator, value: draftValue(n), path: n.path ?? '', timezone: n.timezone ?? 'user' };
  });
}
