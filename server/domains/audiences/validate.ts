// Checks audience conditions beyond their JSON shape (spec 2.8): the field exists, the operator is
// one of its type's, the operand has the type the operator needs. Each failure is a 400 with a stable
// code and the condition's path (`conditions[1].conditions[0]`), so a query builder can point at it.
import { RE2JS } from 're2js';
import { AUDIENCE_FIELDS, DURATION_UNITS, fieldOperators, type AudienceField } from '../../../shared/schemas/audience-fields.js';
import type { AudienceCondition, AudienceNode } from '../../../shared/schemas/behaviour.js';
import { AppError } from '../../errors.js';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
// An instant needs its offset: a wall-clock time without one would mean different moments per server.
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

const validDay = (v: string) => {
  const m = DAY.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === v;
};
const isDay = (v: unknown): v is string => typeof v === 'string' && validDay(v);
const isDateValue = (v: unknown): v is string => isDay(v) || (typeof v === 'string' && INSTANT.test(v) && !Number.isNaN(Date.parse(v)));
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isText = (v: unknown): v is string => typeof v === 'string' && v.length <= 1000;
const isTextList = (v: unknown): v is string[] => Array.isArray(v) && v.length > 0 && v.length <= 200 && v.every(isText);
const none = (v: unknown) => v === undefined || v === null;
/** Orders two date operands when both are of one kind (days as text, instants as epoch ms). */
const notAfter = (a: string, b: string) => (isDay(a) === isDay(b) ? (isDay(a) ? a <= b : Date.parse(a) <= Date.parse(b)) : true);

/** A `matches` pattern must compile as RE2 (no look-around or back-references: linear in the text). */
function patternProblem(pattern: string): string | null {
  try {
    RE2JS.compile(pattern);
    return null;
  } catch (err) {
    return `value is not a regular expression RE2 accepts: ${(err as Error).message}`;
  }
}

/** What the operand of `operator` must be, or null when it is fine. */
function operandProblem(c: AudienceCondition, def: AudienceField): string | null {
  const type = def.type;
  const v = c.value;
  const op = c.operator;
  const noValue = ['is_empty', 'is_not_empty', 'is_true', 'is_false', 'path_exists'];
  if (noValue.includes(op)) return none(v) ? null : `${op} takes no value`;
  switch (type) {
    case 'text':
      if (op === 'is_one_of') return isTextList(v) ? null : 'value must be a non-empty list of strings';
      if (op === 'matches') return isText(v) ? patternProblem(v) : 'value must be a regular expression (a string, at most 1000 characters)';
      return isText(v) ? null : 'value must be a string (at most 1000 characters)';
    case 'number':
      if (op === 'between') return Array.isArray(v) && v.length === 2 && isNum(v[0]) && isNum(v[1]) && v[0] <= v[1] ? null : 'value must be [low, high], two numbers with low <= high';
      return isNum(v) ? null : 'value must be a number';
    case 'date':
      if (op === 'is') return isDay(v) ? null : 'value must be a date, YYYY-MM-DD';
      if (op === 'between') {
        return Array.isArray(v) && v.length === 2 && isDateValue(v[0]) && isDateValue(v[1]) && notAfter(v[0], v[1])
          ? null
          : 'value must be [start, end]: dates (YYYY-MM-DD) or date-times with an offset, start not after end';
      }
      if (op === 'in_the_last' || op === 'in_the_next') {
        const o = v as { amount?: unknown; unit?: unknown } | null;
        const ok = !!o && typeof o === 'object' && Number.isInteger(o.amount) && (o.amount as number) >= 1 && (o.amount as number) <= 100_000 && typeof o.unit === 'string' && Object.hasOwn(DURATION_UNITS, o.unit) && Object.keys(o).length === 2;
        return ok ? null : `value must be {"amount": 1-100000, "unit": ${Object.keys(DURATION_UNITS).join('|')}}`;
      }
      return isDateValue(v) ? null : 'value must be a date (YYYY-MM-DD) or a date-time with an offset (2026-05-01T18:00:00Z)';
    case 'select': {
      if (!isTextList(v)) return 'value must be a non-empty list of strings';
      const options = def.options;
      const bad = options ? v.filter((x) => !options.includes(x.toLowerCase())) : [];
      return bad.length ? `${bad.join(', ')} is not one of ${options!.join(', ')}` : null;
    }
    case 'multiselect':
      if (op === 'contains') return isText(v) ? null : 'value must be a string';
      return isTextList(v) ? null : 'value must be a non-empty list of strings';
    case 'json':
      if (op === 'text_is') return isText(v) ? null : 'value must be a string';
      if (op === 'number_is') return isNum(v) ? null : 'value must be a number';
      if (op === 'boolean_is') return typeof v === 'boolean' ? null : 'value must be true or false';
      return isText(v) || isNum(v) || typeof v === 'boolean' ? null : 'value must be a string, number or boolean';
    default:
      return null;
  }
}

/** Fields beyond the audience catalogue, e.g. a procedure's collected answers (procedures/fields.ts). */
export type ExtraFields = Readonly<Record<string, AudienceField>>;

function checkCondition(c: AudienceCondition, at: string, extra: ExtraFields): void {
  const def = Object.hasOwn(extra, c.field) ? extra[c.field] : AUDIENCE_FIELDS[c.field];
  if (!def || (!Object.hasOwn(AUDIENCE_FIELDS, c.field) && !Object.hasOwn(extra, c.field))) {
    throw new AppError('unknown_audience_field', `${at}: unknown field ${JSON.stringify(c.field)}; see docs/behaviour.md for the fields`, { path: at, field: c.field });
  }
  const allowed = fieldOperators(def);
  if (!allowed.includes(c.operator)) {
    throw new AppError('invalid_audience_operator', `${at}: ${c.field} is a ${def.type} field; its operators are ${allowed.join(', ')}`, {
      path: at,
      field: c.field,
      operator: c.operator,
      operators: allowed,
    });
  }
  const bad = (message: string) => new AppError('invalid_audience_value', `${at}: ${c.field} ${c.operator}: ${message}`, { path: at, field: c.field, operator: c.operator });
  if (def.type === 'json' && !c.path) throw bad('a JSON condition needs a `path` (e.g. "plan" or "address.country")');
  if (def.type !== 'json' && c.path !== undefined) throw bad('`path` applies to JSON fields only');
  if (c.timezone !== undefined && def.type !== 'date' && def.group !== 'time') throw bad('`timezone` applies to date and time fields only');
  const problem = operandProblem(c, def);
  if (problem) throw bad(problem);
}

/** Throws the first problem found, in document order. */
export function validateConditions(nodes: AudienceNode[], at = 'conditions', extra: ExtraFields = {}): void {
  nodes.forEach((node, i) => {
    const here = `${at}[${i}]`;
    if (node.type === 'condition') checkCondition(node, here, extra);
    else validateConditions(node.conditions, `${here}.conditions`, extra);
  });
}
