// Without offer_handoff allowed (docs/behaviour.md), the offline texts offer no human in any language.
import { describe, expect, it } from 'vitest';
import { agentText } from '../texts.js';
import { withoutHandoff } from './no-handoff.js';

describe('withoutHandoff', () => {
  it('drops the closing question of a no-answer reply in every catalogue language', () => {
    for (const locale of ['en', 'de', 'es', 'fr', 'it']) {
      const text = agentText(locale, 'noAnswer');
      const out = withoutHandoff({ content: text, sources: [], offer_handoff: true, outcome: 'no_answer' });
      expect(out.offer_handoff).toBe(false);
      expect(out.content).not.toMatch(/[?？؟]/);
      expect(out.content.length).toBeGreaterThan(20);
      expect(text.startsWith(out.content)).toBe(true);
    }
  });
  it('drops the closing offer paragraph of a suggestions reply and keeps the list', () => {
    const content = `${agentText('en', 'unsure')}\n\n- [1] Returns\n\n${agentText('en', 'handoffOffer')}`;
    const out = withoutHandoff({ content, sources: [], offer_handoff: true, outcome: 'suggestions' });
    expect(out).toMatchObject({ content: `${agentText('en', 'unsure')}\n\n- [1] Returns`, offer_handoff: false });
  });
  it('leaves a reply that offers nothing as it is', () => {
    const answer = { content: 'Returns take 30 days [1]', sources: [], offer_handoff: false, outcome: 'answer' as const };
    expect(withoutHandoff(answer)).toBe(answer);
  });
});
