// The audience evaluator (spec 2.8): every operator of every field type, with empty and missing
// values, inclusive ranges, and time read in the user's or the project's timezone across DST changes.
import { describe, expect, it } from 'vitest';
import { AUDIENCE_OPERATORS } from '../../../shared/schemas/audience-fields.js';
import type { AudienceCondition, AudienceNode } from '../../../shared/schemas/behaviour.js';
import { compileAudience, type AudienceFacts } from './evaluate.js';
import { validateConditions } from './validate.js';

const NOW = Date.parse('2026-06-15T12:00:00Z');

function facts(values: Record<string, unknown>, over: Partial<AudienceFacts> = {}): AudienceFacts {
  return { now: NOW, userTimezone: null, projectTimezone: 'UTC', values, ...over };
}

/** Validates like the API does, then evaluates. */
function holds(cond: Omit<AudienceCondition, 'type'>, values: Record<string, unknown>, over: Partial<AudienceFacts> = {}): boolean {
  const nodes: AudienceNode[] = [{ type: 'condition', ...cond }];
  validateConditions(nodes);
  return compileAudience(nodes)(facts(values, over));
}

const covered = new Set<string>();
/**
 * A test of the operators it names. They are recorded when the file is collected, not when the test
 * runs, so the coverage check below holds when it runs alone or in any order.
 */
function covering(type: string, operators: string[], name: string, fn: () => void): void {
  for (const op of operators) covered.add(`${type}:${op}`);
  it(name, fn);
}

describe('text operators (user.email)', () => {
  const f = 'user.email';
  const v = (email: unknown) => ({ [f]: email });
  covering('text', ['is', 'is_not'], 'is / is_not ignore case; a missing value is not "is" and is "is_not"', () => {
    expect(holds({ field: f, operator: 'is', value: 'Ann@Example.com' }, v('ann@example.com'))).toBe(true);
    expect(holds({ field: f, operator: 'is', value: 'ann@example.com' }, v('bob@example.com'))).toBe(false);
    expect(holds({ field: f, operator: 'is', value: 'ann@example.com' }, {})).toBe(false);
    expect(holds({ field: f, operator: 'is_not', value: 'ann@example.com' }, v('bob@example.com'))).toBe(true);
    expect(holds({ field: f, operator: 'is_not', value: 'ann@example.com' }, v(null))).toBe(true);
    expect(holds({ field: f, operator: 'is_not', value: 'ann@example.com' }, v('ANN@example.com'))).toBe(false);
  });
  covering('text', ['contains', 'starts_with', 'ends_with'], 'contains / starts_with / ends_with; never on a missing value', () => {
    expect(holds({ field: f, operator: 'contains', value: '@EXAMPLE.' }, v('ann@example.com'))).toBe(true);
    expect(holds({ field: f, operator: 'contains', value: 'x' }, v(null))).toBe(false);
    expect(holds({ field: f, operator: 'starts_with', value: 'ann' }, v('Ann@example.com'))).toBe(true);
    expect(holds({ field: f, operator: 'starts_with', value: 'bob' }, v('ann@example.com'))).toBe(false);
    expect(holds({ field: f, operator: 'ends_with', value: '.com' }, v('ann@example.com'))).toBe(true);
    expect(holds({ field: f, operator: 'ends_with', value: '.org' }, {})).toBe(false);
    // The empty operand matches any present value.
    expect(holds({ field: f, operator: 'contains', value: '' }, v('a'))).toBe(true);
  });
  covering('text', ['is_empty', 'is_not_empty'], 'is_empty / is_not_empty: missing, null, "" and blanks are empty', () => {
    for (const empty of [undefined, null, '', '   ']) {
      expect(holds({ field: f, operator: 'is_empty' }, v(empty))).toBe(true);
      expect(holds({ field: f, operator: 'is_not_empty' }, v(empty))).toBe(false);
    }
    expect(holds({ field: f, operator: 'is_empty' }, v('a@b.c'))).toBe(false);
    expect(holds({ field: f, operator: 'is_not_empty' }, v('a@b.c'))).toBe(true);
  });
});

describe('number operators (conversation.message_count)', () => {
  const f = 'conversation.message_count';
  const v = (n: unknown) => ({ [f]: n });
  covering('number', ['is', 'is_not', 'less_than', 'greater_than'], 'is / is_not / less_than / greater_than, with missing values', () => {
    expect(holds({ field: f, operator: 'is', value: 3 }, v(3))).toBe(true);
    expect(holds({ field: f, operator: 'is', value: 3 }, v(4))).toBe(false);
    expect(holds({ field: f, operator: 'is_not', value: 3 }, v(4))).toBe(true);
    expect(holds({ field: f, operator: 'is_not', value: 3 }, {})).toBe(true);
    expect(holds({ field: f, operator: 'less_than', value: 3 }, v(2))).toBe(true);
    expect(holds({ field: f, operator: 'less_than', value: 3 }, v(3))).toBe(false);
    expect(holds({ field: f, operator: 'less_than', value: 3 }, {})).toBe(false);
    expect(holds({ field: f, operator: 'greater_than', value: 3 }, v(4))).toBe(true);
    expect(holds({ field: f, operator: 'greater_than', value: 3 }, v(3))).toBe(false);
    expect(holds({ field: f, operator: 'greater_than', value: -1 }, {})).toBe(false);
  });
  covering('number', ['between', 'is_empty'], 'between includes both ends; is_empty only for missing', () => {
    expect(holds({ field: f, operator: 'between', value: [2, 4] }, v(2))).toBe(true);
    expect(holds({ field: f, operator: 'between', value: [2, 4] }, v(4))).toBe(true);
    expect(holds({ field: f, operator: 'between', value: [2, 4] }, v(4.01))).toBe(false);
    expect(holds({ field: f, operator: 'between', value: [2, 2] }, v(2))).toBe(true);
    expect(holds({ field: f, operator: 'between', value: [2, 4] }, {})).toBe(false);
    expect(holds({ field: f, operator: 'is_empty' }, {})).toBe(true);
    expect(holds({ field: f, operator: 'is_empty' }, v(0))).toBe(false);
  });
});

describe('boolean operators (user.email_verified)', () => {
  covering('boolean', ['is_true', 'is_false'], 'is_true / is_false; a missing flag counts as false', () => {
    const f = 'user.email_verified';
    expect(holds({ field: f, operator: 'is_true' }, { [f]: true })).toBe(true);
    expect(holds({ field: f, operator: 'is_true' }, { [f]: false })).toBe(false);
    expect(holds({ field: f, operator: 'is_true' }, {})).toBe(false);
    expect(holds({ field: f, operator: 'is_false' }, { [f]: false })).toBe(true);
    expect(holds({ field: f, operator: 'is_false' }, {})).toBe(true);
    expect(holds({ field: f, operator: 'is_false' }, { [f]: true })).toBe(false);
  });
});

describe('date operators (user.created)', () => {
  const f = 'user.created';
  const v = (d: unknown) => ({ [f]: d });
  covering('date', ['is'], 'is compares the calendar day in the timezone (user, else project)', () => {
    // 23:30 UTC on the 14th is already the 15th in Berlin (UTC+2 in summer).
    expect(holds({ field: f, operator: 'is', value: '2026-06-14' }, v('2026-06-14T23:30:00Z'))).toBe(true);
    expect(holds({ field: f, operator: 'is', value: '2026-06-15' }, v('2026-06-14T23:30:00Z'), { userTimezone: 'Europe/Berlin' })).toBe(true);
    expect(holds({ field: f, operator: 'is', value: '2026-06-15', timezone: 'project' }, v('2026-06-14T23:30:00Z'), { userTimezone: 'Europe/Berlin' })).toBe(false);
    // An unknown user timezone falls back to the project's.
    expect(holds({ field: f, operator: 'is', value: '2026-06-15' }, v('2026-06-14T23:30:00Z'), { userTimezone: 'Mars/Olympus', projectTimezone: 'Asia/Tokyo' })).toBe(true);
    expect(holds({ field: f, operator: 'is', value: '2026-06-14' }, {})).toBe(false);
  });
  covering('date', ['before', 'after'], 'before / after with a day (strict, by local day) or an instant', () => {
    expect(holds({ field: f, operator: 'before', value: '2026-06-15' }, v('2026-06-14T23:59:59Z'))).toBe(true);
    expect(holds({ field: f, operator: 'before', value: '2026-06-15' }, v('2026-06-15T00:00:00Z'))).toBe(false);
    expect(holds({ field: f, operator: 'after', value: '2026-06-14' }, v('2026-06-15T00:00:00Z'))).toBe(true);
    expect(holds({ field: f, operator: 'after', value: '2026-06-14' }, v('2026-06-14T23:59:59Z'))).toBe(false);
    expect(holds({ field: f, operator: 'before', value: '2026-06-15T10:00:00+02:00' }, v('2026-06-15T07:59:00Z'))).toBe(true);
    expect(holds({ field: f, operator: 'after', value: '2026-06-15T10:00:00+02:00' }, v('2026-06-15T08:00:00Z'))).toBe(false);
    expect(holds({ field: f, operator: 'after', value: '2000-01-01' }, {})).toBe(false);
  });
  covering('date', ['between'], 'between dates includes the whole first and last day', () => {
    const value = ['2026-06-01', '2026-06-30'];
    expect(holds({ field: f, operator: 'between', value }, v('2026-06-01T00:00:00Z'))).toBe(true);
    expect(holds({ field: f, operator: 'between', value }, v('2026-06-30T23:59:59Z'))).toBe(true);
    expect(holds({ field: f, operator: 'between', value }, v('2026-07-01T00:00:00Z'))).toBe(false);
    expect(holds({ field: f, operator: 'between', value }, v('2026-05-31T23:59:59Z'))).toBe(false);
    expect(holds({ field: f, operator: 'between', value: ['2026-06-15T12:00:00Z', '2026-06-15T12:00:00Z'] }, v('2026-06-15T12:00:00Z'))).toBe(true);
  });
  covering('date', ['in_the_last', 'in_the_next'], 'in_the_last / in_the_next include both ends and never match the other side of now', () => {
    const ago = (ms: number) => v(new Date(NOW - ms).toISOString());
    expect(holds({ field: f, operator: 'in_the_last', value: { amount: 2, unit: 'hours' } }, ago(2 * 3_600_000))).toBe(true);
    expect(holds({ field: f, operator: 'in_the_last', value: { amount: 2, unit: 'hours' } }, ago(2 * 3_600_000 + 1000))).toBe(false);
    expect(holds({ field: f, operator: 'in_the_last', value: { amount: 7, unit: 'days' } }, ago(-1000))).toBe(false);
    expect(holds({ field: f, operator: 'in_the_last', value: { amount: 1, unit: 'weeks' } }, ago(0))).toBe(true);
    expect(holds({ field: f, operator: 'in_the_next', value: { amount: 30, unit: 'minutes' } }, ago(-30 * 60_000))).toBe(true);
    expect(holds({ field: f, operator: 'in_the_next', value: { amount: 30, unit: 'minutes' } }, ago(-31 * 60_000))).toBe(false);
    expect(holds({ field: f, operator: 'in_the_next', value: { amount: 30, unit: 'minutes' } }, ago(1000))).toBe(false);
    expect(holds({ field: f, operator: 'in_the_last', value: { amount: 1, unit: 'days' } }, {})).toBe(false);
  });
  covering('date', ['is_empty'], 'is_empty: only a missing or unparsable date', () => {
    expect(holds({ field: f, operator: 'is_empty' }, {})).toBe(true);
    expect(holds({ field: f, operator: 'is_empty' }, v(null))).toBe(true);
    expect(holds({ field: f, operator: 'is_empty' }, v('2026-06-15T00:00:00Z'))).toBe(false);
  });
});

describe('select operators (channel.type, time.day_of_week)', () => {
  covering('select', ['is_one_of', 'is_not_one_of'], 'is_one_of / is_not_one_of ignore case; a missing value is not one of anything', () => {
    const f = 'channel.type';
    expect(holds({ field: f, operator: 'is_one_of', value: ['browser', 'api'] }, { [f]: 'api' })).toBe(true);
    expect(holds({ field: f, operator: 'is_one_of', value: ['Browser'] }, { [f]: 'browser' })).toBe(true);
    expect(holds({ field: f, operator: 'is_one_of', value: ['browser'] }, { [f]: 'api' })).toBe(false);
    expect(holds({ field: f, operator: 'is_one_of', value: ['browser'] }, {})).toBe(false);
    expect(holds({ field: f, operator: 'is_not_one_of', value: ['browser'] }, { [f]: 'api' })).toBe(true);
    expect(holds({ field: f, operator: 'is_not_one_of', value: ['browser'] }, {})).toBe(true);
    expect(holds({ field: f, operator: 'is_not_one_of', value: ['api'] }, { [f]: 'api' })).toBe(false);
  });
});

describe('multiselect operators (conversation.tags)', () => {
  const f = 'conversation.tags';
  const v = (tags: unknown) => ({ [f]: tags });
  covering('multiselect', ['contains', 'contains_any_of', 'contains_none_of', 'is_empty'], 'contains / contains_any_of / contains_none_of / is_empty', () => {
    expect(holds({ field: f, operator: 'contains', value: 'VIP' }, v(['vip', 'beta']))).toBe(true);
    expect(holds({ field: f, operator: 'contains', value: 'vi' }, v(['vip']))).toBe(false);
    expect(holds({ field: f, operator: 'contains', value: 'vip' }, {})).toBe(false);
    expect(holds({ field: f, operator: 'contains_any_of', value: ['x', 'beta'] }, v(['vip', 'beta']))).toBe(true);
    expect(holds({ field: f, operator: 'contains_any_of', value: ['x'] }, v(['vip']))).toBe(false);
    expect(holds({ field: f, operator: 'contains_any_of', value: ['x'] }, v([]))).toBe(false);
    expect(holds({ field: f, operator: 'contains_none_of', value: ['x', 'y'] }, v(['vip']))).toBe(true);
    expect(holds({ field: f, operator: 'contains_none_of', value: ['vip'] }, v(['vip']))).toBe(false);
    expect(holds({ field: f, operator: 'contains_none_of', value: ['vip'] }, {})).toBe(true);
    expect(holds({ field: f, operator: 'is_empty' }, v([]))).toBe(true);
    expect(holds({ field: f, operator: 'is_empty' }, {})).toBe(true);
    expect(holds({ field: f, operator: 'is_empty' }, v(['a']))).toBe(false);
  });
});

describe('JSON operators (user.external_attributes)', () => {
  const f = 'user.external_attributes';
  const attrs = { [f]: { plan: 'Pro', seats: 12, trial: false, address: { country: 'DE' }, features: ['sso', 'audit'], note: 'Prefers e-mail', empty: null } };
  covering('json', ['text_is', 'number_is', 'boolean_is'], 'text_is / number_is / boolean_is at a path, by type', () => {
    expect(holds({ field: f, operator: 'text_is', path: 'plan', value: 'pro' }, attrs)).toBe(true);
    expect(holds({ field: f, operator: 'text_is', path: 'address.country', value: 'DE' }, attrs)).toBe(true);
    expect(holds({ field: f, operator: 'text_is', path: 'seats', value: '12' }, attrs)).toBe(false);
    expect(holds({ field: f, operator: 'number_is', path: 'seats', value: 12 }, attrs)).toBe(true);
    expect(holds({ field: f, operator: 'number_is', path: 'plan', value: 12 }, attrs)).toBe(false);
    expect(holds({ field: f, operator: 'boolean_is', path: 'trial', value: false }, attrs)).toBe(true);
    expect(holds({ field: f, operator: 'boolean_is', path: 'missing', value: false }, attrs)).toBe(false);
    expect(holds({ field: f, operator: 'text_is', path: 'plan', value: 'pro' }, {})).toBe(false);
  });
  covering('json', ['contains', 'path_exists'], 'contains: a substring of a text or an element of a list; path_exists even for null', () => {
    expect(holds({ field: f, operator: 'contains', path: 'note', value: 'E-MAIL' }, attrs)).toBe(true);
    expect(holds({ field: f, operator: 'contains', path: 'features', value: 'SSO' }, attrs)).toBe(true);
    expect(holds({ field: f, operator: 'contains', path: 'features', value: 'ss' }, attrs)).toBe(false);
    expect(holds({ field: f, operator: 'contains', path: 'seats', value: 1 }, attrs)).toBe(false);
    expect(holds({ field: f, operator: 'path_exists', path: 'address.country' }, attrs)).toBe(true);
    expect(holds({ field: f, operator: 'path_exists', path: 'features.1' }, attrs)).toBe(true);
    expect(holds({ field: f, operator: 'path_exists', path: 'features.2' }, attrs)).toBe(false);
    expect(holds({ field: f, operator: 'path_exists', path: 'empty' }, attrs)).toBe(true);
    expect(holds({ field: f, operator: 'path_exists', path: 'address.city' }, attrs)).toBe(false);
    expect(holds({ field: f, operator: 'path_exists', path: 'plan.length' }, attrs)).toBe(false);
    expect(holds({ field: f, operator: 'path_exists', path: 'plan' }, {})).toBe(false);
  });
});

describe('time fields in the user or project timezone', () => {
  it('hour, weekday, day, month, year and the timezone string follow the chosen timezone', () => {
    const over = { userTimezone: 'America/Los_Angeles', projectTimezone: 'Asia/Tokyo' };
    // 12:00 UTC = 05:00 in Los Angeles (PDT), 21:00 in Tokyo, Monday 15 June 2026 in both.
    expect(holds({ field: 'time.hour', operator: 'is', value: 5 }, {}, over)).toBe(true);
    expect(holds({ field: 'time.hour', operator: 'is', value: 21, timezone: 'project' }, {}, over)).toBe(true);
    expect(holds({ field: 'time.day_of_week', operator: 'is_one_of', value: ['monday'] }, {}, over)).toBe(true);
    expect(holds({ field: 'time.timezone', operator: 'is', value: 'america/los_angeles' }, {}, over)).toBe(true);
    expect(holds({ field: 'time.timezone', operator: 'is', value: 'Asia/Tokyo', timezone: 'project' }, {}, over)).toBe(true);
    expect(holds({ field: 'time.date', operator: 'is', value: '2026-06-15' }, {}, over)).toBe(true);
    const newYear = { now: Date.parse('2026-12-31T20:00:00Z'), userTimezone: 'Pacific/Auckland' };
    expect(holds({ field: 'time.year', operator: 'is', value: 2027 }, {}, newYear)).toBe(true);
    expect(holds({ field: 'time.month', operator: 'is', value: 1 }, {}, newYear)).toBe(true);
    expect(holds({ field: 'time.day_of_month', operator: 'is', value: 1 }, {}, newYear)).toBe(true);
    expect(holds({ field: 'time.year', operator: 'is', value: 2026, timezone: 'project' }, {}, newYear)).toBe(true);
  });
  it('hours across the spring-forward and fall-back changes (America/New_York)', () => {
    const at = (iso: string) => ({ now: Date.parse(iso), userTimezone: 'America/New_York' });
    const oneToTwo = { field: 'time.hour', operator: 'between', value: [1, 2] };
    // 8 March 2026: 01:59 EST is followed by 03:00 EDT; there is no 02:xx that night.
    expect(holds({ field: 'time.hour', operator: 'is', value: 1 }, {}, at('2026-03-08T06:59:00Z'))).toBe(true);
    expect(holds({ field: 'time.hour', operator: 'is', value: 3 }, {}, at('2026-03-08T07:00:00Z'))).toBe(true);
    expect(holds(oneToTwo, {}, at('2026-03-08T07:00:00Z'))).toBe(false);
    // 1 November 2026: 01:xx happens twice (EDT, then EST); both are hour 1.
    expect(holds({ field: 'time.hour', operator: 'is', value: 1 }, {}, at('2026-11-01T05:30:00Z'))).toBe(true);
    expect(holds({ field: 'time.hour', operator: 'is', value: 1 }, {}, at('2026-11-01T06:30:00Z'))).toBe(true);
    expect(holds({ field: 'time.hour', operator: 'is', value: 2 }, {}, at('2026-11-01T07:00:00Z'))).toBe(true);
  });
  it('a day in the last N days is N×24 hours, also over a DST change', () => {
    const over = { now: Date.parse('2026-03-09T12:00:00Z'), userTimezone: 'America/New_York' };
    const f = 'conversation.created';
    expect(holds({ field: f, operator: 'in_the_last', value: { amount: 1, unit: 'days' } }, { [f]: '2026-03-08T12:00:00Z' }, over)).toBe(true);
    expect(holds({ field: f, operator: 'in_the_last', value: { amount: 1, unit: 'days' } }, { [f]: '2026-03-08T11:59:59Z' }, over)).toBe(false);
    // By calendar day in New York (EDT, UTC-4, since the 8th): 04:30Z is 00:30 on the 9th, 03:30Z still the 8th.
    expect(holds({ field: f, operator: 'is', value: '2026-03-09' }, { [f]: '2026-03-09T04:30:00Z' }, over)).toBe(true);
    expect(holds({ field: f, operator: 'is', value: '2026-03-08' }, { [f]: '2026-03-09T03:30:00Z' }, over)).toBe(true);
  });
});

describe('groups', () => {
  const verified = { type: 'condition', field: 'user.email_verified', operator: 'is_true' } as const;
  const pricing = { type: 'condition', field: 'channel.browser_url', operator: 'contains', value: '/pricing' } as const;
  const docs = { type: 'condition', field: 'channel.browser_url', operator: 'contains', value: '/docs' } as const;
  it('the root is AND; nested groups AND or OR; an empty root matches everyone', () => {
    const root: AudienceNode[] = [verified, { type: 'group', combinator: 'or', conditions: [pricing, docs] }];
    validateConditions(root);
    const p = compileAudience(root);
    expect(p(facts({ 'user.email_verified': true, 'channel.browser_url': 'https://x.test/docs/a' }))).toBe(true);
    expect(p(facts({ 'user.email_verified': true, 'channel.browser_url': 'https://x.test/blog' }))).toBe(false);
    expect(p(facts({ 'user.email_verified': false, 'channel.browser_url': 'https://x.test/pricing' }))).toBe(false);
    const nested: AudienceNode[] = [{ type: 'group', combinator: 'or', conditions: [{ type: 'group', combinator: 'and', conditions: [verified, pricing] }, docs] }];
    validateConditions(nested);
    expect(compileAudience(nested)(facts({ 'user.email_verified': false, 'channel.browser_url': '/pricing' }))).toBe(false);
    expect(compileAudience(nested)(facts({ 'user.email_verified': true, 'channel.browser_url': '/pricing' }))).toBe(true);
    expect(compileAudience([])(facts({}))).toBe(true);
  });
});

describe('coverage', () => {
  it('every operator of every type has a test above', () => {
    const all = Object.entries(AUDIENCE_OPERATORS).flatMap(([type, ops]) => ops.map((op) => `${type}:${op}`));
    expect(all.filter((k) => !covered.has(k))).toEqual([]);
  });
});
