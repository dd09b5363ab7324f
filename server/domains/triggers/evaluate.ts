// Whether a trigger's message conditions hold for one visitor message (spec 6). Pure: the caller
// supplies the language and the built-in spam score, so every condition costs a comparison, and a
// regular expression is compiled once per trigger version (patterns are checked at write time).
import type { MessageCondition, Trigger } from '../../../shared/schemas/triggers.js';
import { countLinks } from '../spam/score.js';

export interface MessageFacts {
  text: string;
  /** ISO 639-1 code of the message's language. */
  language: string;
  spamScore: number;
}

const compiled = new Map<string, RegExp>();
function regex(pattern: string): RegExp {
  let r = compiled.get(pattern);
  if (!r) {
    if (compiled.size > 1000) compiled.clear();
    compiled.set(pattern, (r = new RegExp(pattern, 'iu')));
  }
  return r;
}

export function conditionHolds(c: MessageCondition, m: MessageFacts): boolean {
  switch (c.type) {
    case 'contains':
      return m.text.toLocaleLowerCase().includes(c.value.toLocaleLowerCase());
    case 'regex':
      return regex(c.pattern).test(m.text);
    case 'language':
      return c.languages.includes(m.language);
    case 'link_count':
      return countLinks(m.text) >= c.at_least;
    case 'spam_score':
      return m.spamScore >= c.at_least;
  }
}

export const conditionsHold = (t: Pick<Trigger, 'conditions'>, m: MessageFacts) => t.conditions.every((c) => conditionHolds(c, m));
