// The console's audience builder state against the server's own validation (spec 2.8): for every
// field of the catalogue and every operator of its type, a row filled the way its input offers turns
// into conditions the server accepts, and reading them back gives the same conditions. Also where a
// 400's path points (a condition, a trigger's row) and the trigger order after a move.
import { describe, expect, it } from 'vitest';
import { AUDIENCE_FIELDS, AUDIENCE_OPERATORS } from '../shared/schemas/audience-fields.js';
import { validateConditions } from '../server/domains/audiences/validate.js';
import { fromApiConditions, newCondition, newGroup, nodeAt, toApiConditions, valueKind, withField, type DraftCondition, type DraftValue, type ValueKind } from '../dashboard/models/audience-draft.js';
import { ApiError } from '../dashboard/models/api.js';
import { errorSpot } from '../dashboard/models/error-spot.js';
import { moved } from '../dashboard/models/triggers.js';
import { bodyOf, draftOf } from '../dashboard/models/trigger-draft.js';

/** What a person would enter in the input of each kind. */
function typed(field: string, kind: ValueKind): Partial<DraftValue> {
  switch (kind) {
    case 'number':
      return { text: '5' };
    case 'number_range':
      return { text: '18', high: '23' };
    case 'day':
    case 'date':
      return { text: '2026-03-29' };
    case 'date_range':
      return { text: '2026-03-01', high: '2026-03-31' };
    case 'duration':
      return { amount: '7', unit: 'hours' };
    case 'options':
      return { list: [AUDIENCE_FIELDS[field].options![0]] };
    case 'list':
      return { text: 'de-DE, en-GB' };
    case 'boolean':
      return { text: 'false' };
    default:
      return { text: 'pro' };
  }
}

const every = Object.entries(AUDIENCE_FIELDS).flatMap(([field, def]) => AUDIENCE_OPERATORS[def.type].map((operator) => [field, operator] as const));

describe('console audience builder', () => {
  it.each(every)('%s %s: the row becomes a condition the server accepts, and reads back the same', (field, operator) => {
    const base = withField(newCondition(), field);
    const row: DraftCondition = { ...base, operator, path: 'plan', value: { ...base.value, ...typed(field, valueKind(field, operator)) } };
    const api = toApiConditions([row]);
    expect(() => validateConditions(api)).not.toThrow();
    expect(toApiConditions(fromApiConditions(api))).toEqual(api);
  });

  it('keeps nested groups in order, and a 400 path names the same node', () => {
    const inner = { ...newGroup(), combinator: 'and' as const };
    // An hour left empty: the server names it by its place.
    const group = { ...newGroup(), items: [newCondition('time.hour'), inner] };
    const items = [newCondition('user.email_verified'), group];
    const api = toApiConditions(items);
    expect(api[1]).toMatchObject({ type: 'group', combinator: 'or', conditions: [{ field: 'time.hour' }, { type: 'group', combinator: 'and' }] });
    expect(() => validateConditions(api)).toThrow(/conditions\[1\]\.conditions\[0\]/);
    expect(nodeAt(items, [1, 1])).toBe(inner);
    expect(nodeAt(items, [1, 1, 0])).toBe(inner.items[0]);
    expect(nodeAt(items, [2])).toBeUndefined();
  });

  it('a new field keeps the operator its type has, and drops a value of another type', () => {
    const text = { ...newCondition('user.email'), operator: 'contains', value: { ...newCondition().value, text: '@example.com' } };
    expect(withField(text, 'channel.browser_url')).toMatchObject({ operator: 'contains', value: { text: '@example.com' } });
    expect(withField(text, 'time.hour')).toMatchObject({ operator: 'is', value: { text: '' } });
    expect(withField(text, 'user.email_verified').operator).toBe('is_true');
  });
});

describe('where a 400 points', () => {
  const err = (extras: Record<string, unknown>, message = 'x: bad') => new ApiError(400, 'invalid_audience_value', message, extras);
  it('reads audience, trigger and schema paths', () => {
    expect(errorSpot(err({ path: 'conditions[1].conditions[0]' }, 'conditions[1].conditions[0]: time.hour between: value must be [low, high]'))).toEqual({
      list: 'conditions',
      at: [1, 0],
      message: 'time.hour between: value must be [low, high]',
    });
    expect(errorSpot(err({ path: 'conditions/0/pattern' }, 'conditions/0/pattern: nested repetition like (a+)+ is slow'))).toEqual({ list: 'conditions', at: [0], message: 'Nested repetition like (a+)+ is slow' });
    expect(errorSpot(err({ path: 'audience_conditions[0].conditions[2]' }))?.list).toBe('audience_conditions');
    expect(errorSpot(err({ path: 'audience_conditions[0].conditions[2]' }))?.at).toEqual([0, 2]);
    expect(errorSpot(err({ details: [{ path: 'body.effects.1.label_id', message: 'x' }] }))).toMatchObject({ list: 'effects', at: [1] });
    expect(errorSpot(err({}))).toBeNull();
    expect(errorSpot(new Error('conditions[0]: no ApiError'))).toBeNull();
  });
});

describe('console triggers', () => {
  it('moves a trigger one place, and not past either end', () => {
    expect(moved(['a', 'b', 'c'], 'c', -1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 'a', 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 'a', -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 'c', 1)).toEqual(['a', 'b', 'c']);
  });

  it('turns the form into a body and a saved trigger back into the same form', () => {
    const d = draftOf(null);
    d.name = ' Spam ';
    d.conditions = [
      { key: 'a', type: 'language', text: 'EN, de' },
      { key: 'b', type: 'link_count', text: '3' },
      { key: 'c', type: 'spam_score', text: '0.5' },
    ];
    const body = bodyOf(d);
    expect(body).toMatchObject({ name: 'Spam', audience_id: null, audience_conditions: [], effects: [{ type: 'block' }] });
    expect(body.conditions).toEqual([
      { type: 'language', languages: ['en', 'de'] },
      { type: 'link_count', at_least: 3 },
      { type: 'spam_score', at_least: 0.5 },
    ]);
    const saved = { ...body, id: 't', project_id: 'p', priority: 1, state: 'draft' as const, audience_id: null, created_at: '', updated_at: '' };
    expect(bodyOf(draftOf(saved))).toEqual({ ...body, state: 'draft' });
  });
});
