// The trigger form's editing state (spec 6): message conditions and effects as rows that mirror the
// API's lists item for item, so a 400's `conditions/0/pattern` or `effects/1/label_id` names a row.
// Operands are kept as typed and converted when saving; the server judges them.
import type { MessageCondition, Trigger, TriggerBody, TriggerEffect } from '../../shared/schemas/triggers.js';
import { fromApiConditions, toApiConditions, type DraftNode } from './audience-draft.js';

export type ConditionType = MessageCondition['type'];
export type EffectType = TriggerEffect['type'];

export interface DraftMessageCondition {
  key: string;
  type: ConditionType;
  /** The text, pattern, language codes (comma-separated) or the "at least" number. */
  text: string;
}

export interface DraftEffect {
  key: string;
  type: EffectType;
  /** The project's label, for the conversation's label effects. */
  label_id: string;
  /** The label's name, for the user's label effects (user labels are names). */
  label: string;
}

/** Effects on the conversation's user name a label; the others pick one of the project's. */
export const isUserLabelEffect = (type: EffectType) => type === 'add_user_label' || type === 'remove_user_label';

export interface TriggerDraft {
  name: string;
  state: 'active' | 'draft';
  /** '' is everyone. */
  audience_id: string;
  /** Audience conditions written in the trigger itself (spec 2.8), on top of the saved audience. */
  audience: DraftNode[];
  conditions: DraftMessageCondition[];
  effects: DraftEffect[];
}

export const CONDITION_LABELS: Record<ConditionType, string> = {
  contains: 'contains text',
  regex: 'matches a pattern (regex)',
  language: 'is in a language',
  link_count: 'has at least N links',
  spam_score: 'spam score at least',
};

export const EFFECT_LABELS: Record<EffectType, string> = {
  block: 'Block the AI reply',
  add_label: 'Add label',
  remove_label: 'Remove label',
  add_user_label: 'Add user label',
  remove_user_label: 'Remove user label',
};

let counter = 0;
const nextKey = () => `t${++counter}`;

export const newMessageCondition = (type: ConditionType = 'contains'): DraftMessageCondition => ({ key: nextKey(), type, text: '' });
export const newEffect = (type: EffectType = 'block', labelId = ''): DraftEffect => ({ key: nextKey(), type, label_id: type === 'block' ? '' : labelId, label: '' });

const operandText = (c: MessageCondition): string => {
  switch (c.type) {
    case 'contains':
      return c.value;
    case 'regex':
      return c.pattern;
    case 'language':
      return c.languages.join(', ');
    default:
      return String(c.at_least);
  }
};

export function draftOf(t: Trigger | null): TriggerDraft {
  if (!t) return { name: '', state: 'active', audience_id: '', audience: [], conditions: [newMessageCondition()], effects: [newEffect()] };
  return {
    name: t.name,
    state: t.state,
    audience_id: t.audience_id ?? '',
    audience: fromApiConditions(t.audience_conditions ?? []),
    conditions: t.conditions.map((c) => ({ key: nextKey(), type: c.type, text: operandText(c) })),
    effects: t.effects.map((e) => ({ key: nextKey(), type: e.type, label_id: 'label_id' in e ? e.label_id : '', label: 'label' in e ? e.label : '' })),
  };
}

function condition(c: DraftMessageCondition): MessageCondition {
  switch (c.type) {
    case 'contains':
      return { type: 'contains', value: c.text };
    case 'regex':
      return { type: 'regex', pattern: c.text };
    case 'language':
      return { type: 'language', languages: c.text.split(/[\s,]+/).filter(Boolean).map((l) => l.toLowerCase()) };
    case 'link_count':
      return { type: 'link_count', at_least: Number(c.text) };
    case 'spam_score':
      return { type: 'spam_score', at_least: Number(c.text) };
  }
}

function effect(e: DraftEffect): TriggerEffect {
  if (e.type === 'block') return { type: 'block' };
  if (e.type === 'add_user_label' || e.type === 'remove_user_label') return { type: e.type, label: e.label.trim() };
  return { type: e.type, label_id: e.label_id };
}

export const bodyOf = (d: TriggerDraft): TriggerBody => ({
  name: d.name.trim(),
  state: d.state,
  audience_id: d.audience_id || null,
  audience_conditions: toApiConditions(d.audience),
  conditions: d.conditions.map(condition),
  effects: d.effects.map(effect),
});

/** One line for the list: `contains "free money" · links ≥ 3`. */
export function describeMessageConditions(conditions: readonly MessageCondition[]): string {
  if (!conditions.length) return 'every message';
  return conditions
    .map((c) => {
      switch (c.type) {
        case 'contains':
          return `contains ${JSON.stringify(c.value)}`;
        case 'regex':
          return `matches /${c.pattern}/`;
        case 'language':
          return `language ${c.languages.join(', ')}`;
        case 'link_count':
          return `links ≥ ${c.at_least}`;
        case 'spam_score':
          return `spam score ≥ ${c.at_least}`;
      }
    })
    .join(' · ');
}
