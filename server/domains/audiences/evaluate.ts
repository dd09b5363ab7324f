// The pure audience evaluator (spec 2.8): facts about one conversation → does it belong? An audience
// is compiled once into closures (operands parsed, lists lower-cased into sets), so a reply that
// checks a hundred audiences only walks closures (bench/behaviour.ts). Text, select and multiselect
// comparisons ignore case. Rules for missing values (docs/behaviour.md "Missing values"): only the
// emptiness operators and the negations (isn't, isn't one of, contains none of) hold for them; a
// missing boolean counts as false. Ranges (between, in the last/next) include both ends.
import { RE2JS } from 're2js';
import { AUDIENCE_FIELDS, DURATION_UNITS, type DurationUnit } from '../../../shared/schemas/audience-fields.js';
import type { AudienceCondition, AudienceNode } from '../../../shared/schemas/behaviour.js';
import { isTimeZone, localParts, type LocalParts } from './local-time.js';
import type { ExtraFields } from './validate.js';

/** What is known about a conversation when a reply is due. */
export interface AudienceFacts {
  /** Epoch ms of "now". */
  now: number;
  /** The user's IANA timezone, when known; an unknown or invalid one falls back to the project's. */
  userTimezone: string | null;
  projectTimezone: string;
  /** Field key → value for the user, channel and conversation groups; dates as epoch ms or ISO text. */
  values: Record<string, unknown>;
}

/** `cache` lets several audiences of one reply share the timezone and date work (matchAudiences). */
export type AudiencePredicate = (facts: AudienceFacts, cache?: EvalCache) => boolean;

/** Per reply: timezone parts and parsed dates are computed once and shared by every condition. */
export interface EvalCache {
  parts: Map<string, LocalParts>;
  dates: Map<string, number | null>;
}
type State = EvalCache & { facts: AudienceFacts };
const newCache = (): EvalCache => ({ parts: new Map(), dates: new Map() });
type Pred = (s: State) => boolean;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const lc = (v: unknown) => String(v).toLowerCase();

function zone(s: State, which: AudienceCondition['timezone']): string {
  const { userTimezone, projectTimezone } = s.facts;
  return which !== 'project' && isTimeZone(userTimezone) ? userTimezone : projectTimezone;
}

function partsOf(s: State, ms: number, tz: string): LocalParts {
  const key = `${tz}|${ms}`;
  let p = s.parts.get(key);
  if (!p) s.parts.set(key, (p = localParts(ms, tz)));
  return p;
}

function timeValue(field: string, s: State, tz: string): unknown {
  const now = s.facts.now;
  if (field === 'time.date' || field === 'time.datetime') return now;
  if (field === 'time.timezone') return tz;
  const p = partsOf(s, now, tz);
  switch (field) {
    case 'time.hour': return p.hour;
    case 'time.day_of_week': return p.weekday;
    case 'time.day_of_month': return p.day;
    case 'time.month': return p.month;
    case 'time.year': return p.year;
  }
  return undefined;
}

const empty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const asNumber = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const asMs = (v: unknown): number | null => {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v) {
    const ms = Date.parse(v);
    return Number.isNaN(ms) ? null : ms;
  }
  return null;
};

/** A date operand: a calendar day (compared in the condition's timezone) or an instant. */
type DateOperand = { day: string } | { ms: number };
const dateOperand = (v: unknown): DateOperand => (typeof v === 'string' && DAY.test(v) ? { day: v } : { ms: Date.parse(String(v)) });

/** The value at a dot path (`address.country`, `items.0`); undefined when the path does not exist. */
export function atPath(root: unknown, path: string): unknown {
  let cur = root;
  for (const key of path.split('.')) {
    if (cur === null || typeof cur !== 'object' || !Object.hasOwn(cur, key)) return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

function compileCondition(c: AudienceCondition, extra: ExtraFields): Pred {
  const def = Object.hasOwn(extra, c.field) ? extra[c.field]! : AUDIENCE_FIELDS[c.field];
  const get: (s: State) => unknown = def.group === 'time' ? (s) => timeValue(c.field, s, zone(s, c.timezone)) : (s) => s.facts.values[c.field];
  const v = c.value;
  const op = c.operator;
  switch (def.type) {
    case 'text': {
      const want = typeof v === 'string' ? v.toLowerCase() : '';
      const text = (s: State) => {
        const x = get(s);
        return empty(x) ? null : lc(x);
      };
      if (op === 'is') return (s) => text(s) === want;
      if (op === 'is_not') return (s) => text(s) !== want;
      if (op === 'contains') return (s) => text(s)?.includes(want) ?? false;
      if (op === 'starts_with') return (s) => text(s)?.startsWith(want) ?? false;
      if (op === 'ends_with') return (s) => text(s)?.endsWith(want) ?? false;
      if (op === 'is_empty') return (s) => text(s) === null;
      if (op === 'is_one_of') {
        const set = new Set((v as string[]).map(lc));
        return (s) => {
          const x = text(s);
          return x !== null && set.has(x);
        };
      }
      if (op === 'matches') {
        // RE2: time linear in the text, so a visitor's header cannot stall the reply.
        const re = RE2JS.compile(String(v), RE2JS.CASE_INSENSITIVE);
        return (s) => {
          const x = text(s);
          return x !== null && re.test(x);
        };
      }
      return (s) => text(s) !== null; // is_not_empty
    }
    case 'number': {
      const n = (s: State) => asNumber(get(s));
      if (op === 'is') return (s) => n(s) === v;
      if (op === 'is_not') return (s) => n(s) !== v;
      if (op === 'less_than') return (s) => (n(s) ?? Infinity) < (v as number);
      if (op === 'greater_than') return (s) => (n(s) ?? -Infinity) > (v as number);
      if (op === 'between') {
        const [lo, hi] = v as [number, number];
        return (s) => {
          const x = n(s);
          return x !== null && x >= lo && x <= hi;
        };
      }
      return (s) => n(s) === null; // is_empty
    }
    case 'boolean':
      return op === 'is_true' ? (s) => get(s) === true : (s) => get(s) !== true;
    case 'date': {
      const at =
        def.group === 'time'
          ? (s: State) => s.facts.now
          : (s: State) => {
              let ms = s.dates.get(c.field);
              if (ms === undefined) s.dates.set(c.field, (ms = asMs(get(s))));
              return ms;
            };
      const cmp = (s: State, ms: number, d: DateOperand) => {
        if (!('day' in d)) return Math.sign(ms - d.ms);
        const day = partsOf(s, ms, zone(s, c.timezone)).date;
        return day < d.day ? -1 : day > d.day ? 1 : 0;
      };
      if (op === 'is_empty') return (s) => at(s) === null;
      if (op === 'in_the_last' || op === 'in_the_next') {
        const { amount, unit } = v as { amount: number; unit: DurationUnit };
        const span = amount * DURATION_UNITS[unit];
        return (s) => {
          const x = at(s);
          const now = s.facts.now;
          return x !== null && (op === 'in_the_last' ? x >= now - span && x <= now : x >= now && x <= now + span);
        };
      }
      if (op === 'between') {
        const [lo, hi] = (v as unknown[]).map(dateOperand);
        return (s) => {
          const x = at(s);
          return x !== null && cmp(s, x, lo) >= 0 && cmp(s, x, hi) <= 0;
        };
      }
      const d = dateOperand(v);
      const want = op === 'is' ? 0 : op === 'before' ? -1 : 1;
      return (s) => {
        const x = at(s);
        return x !== null && cmp(s, x, d) === want;
      };
    }
    case 'select': {
      const set = new Set((v as string[]).map(lc));
      const hit = (s: State) => {
        const x = get(s);
        return !empty(x) && set.has(lc(x));
      };
      return op === 'is_one_of' ? hit : (s) => !hit(s);
    }
    case 'multiselect': {
      const items = (s: State) => {
        const x = get(s);
        return Array.isArray(x) ? x.map(lc) : [];
      };
      if (op === 'is_empty') return (s) => items(s).length === 0;
      if (op === 'contains') {
        const want = lc(v);
        return (s) => items(s).includes(want);
      }
      const set = new Set((v as string[]).map(lc));
      const any = (s: State) => items(s).some((i) => set.has(i));
      return op === 'contains_any_of' ? any : (s) => !any(s);
    }
    case 'json': {
      const path = c.path ?? '';
      const at = (s: State) => atPath(get(s), path);
      if (op === 'path_exists') return (s) => at(s) !== undefined;
      if (op === 'text_is') return (s) => typeof at(s) === 'string' && lc(at(s)) === lc(v);
      if (op === 'number_is' || op === 'boolean_is') return (s) => at(s) === v;
      // contains: a substring of a text value, or an element of a list
      return (s) => {
        const x = at(s);
        if (typeof x === 'string') return typeof v === 'string' && x.toLowerCase().includes(v.toLowerCase());
        if (Array.isArray(x)) return x.some((i) => (typeof i === 'string' && typeof v === 'string' ? lc(i) === lc(v) : i === v));
        return false;
      };
    }
  }
}

function compileNode(node: AudienceNode, extra: ExtraFields): Pred {
  if (node.type === 'condition') return compileCondition(node, extra);
  const parts = node.conditions.map((n) => compileNode(n, extra));
  return node.combinator === 'and' ? (s) => parts.every((p) => p(s)) : (s) => parts.some((p) => p(s));
}

/** Compiles validated conditions (validate.ts) into a predicate; the root combines with AND (spec 2.8). */
export function compileAudience(conditions: AudienceNode[], extra: ExtraFields = {}): AudiencePredicate {
  const root = compileNode({ type: 'group', combinator: 'and', conditions: conditions as AudienceCondition[] }, extra);
  return (facts, cache = newCache()) => root({ facts, ...cache });
}

/** Several audiences against one conversation, sharing the timezone work between them. */
export function matchAudiences(audiences: { id: string; predicate: AudiencePredicate }[], facts: AudienceFacts): string[] {
  const cache = newCache();
  return audiences.filter((a) => a.predicate(facts, cache)).map((a) => a.id);
}
