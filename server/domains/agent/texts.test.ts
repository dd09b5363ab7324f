import { describe, expect, it } from 'vitest';
import { AGENT_TEXT_KEYS, AGENT_TEXT_LOCALES, agentText, negotiateLocale } from './texts.js';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('agent texts', () => {
  it('covers en, de, es, fr, it, pt, nl and ar with every key and the same placeholders', () => {
    for (const l of ['en', 'de', 'es', 'fr', 'it', 'pt', 'nl', 'ar']) expect(AGENT_TEXT_LOCALES).toContain(l);
    for (const locale of AGENT_TEXT_LOCALES) {
      for (const key of AGENT_TEXT_KEYS) {
        const text = agentText(locale, key);
        expect(text.trim(), `${locale}.${key}`).not.toBe('');
        expect(placeholders(text), `${locale}.${key}`).toEqual(placeholders(agentText('en', key)));
        if (locale !== 'en') expect(text, `${locale}.${key}`).not.toBe(agentText('en', key));
      }
    }
  });

  it('negotiates exact, then base language, then English', () => {
    expect(agentText('de', 'handoffDeclined')).toBe(agentText('de-DE', 'handoffDeclined'));
    expect(agentText('AR_eg', 'noAnswer')).toBe(agentText('ar', 'noAnswer'));
    expect(agentText('pt-BR', 'noAnswer')).toBe(agentText('pt', 'noAnswer'));
    expect(agentText('ja-JP', 'noAnswer')).toBe(agentText('en', 'noAnswer'));
    expect(agentText(null, 'greeting')).toBe(agentText('en', 'greeting'));
    expect(negotiateLocale(['ja', 'fr-CA', 'de'])).toBe('fr');
    expect(negotiateLocale(['ja'])).toBeNull();
  });

  it('fills variables and leaves unknown ones visible', () => {
    expect(agentText('en', 'sourceLanguage', { language: 'German' })).toBe('This source is in German.');
    expect(agentText('fr', 'rateLimited', { seconds: '3' })).toContain('3 secondes');
    expect(agentText('en', 'sourceLanguage')).toContain('{language}');
  });
});
