// Catalogues and locale resolution.
import { describe, expect, it } from 'vitest';
import { chooseLocale, en, isRtl, loadCatalogue, resolveLocale } from './index.js';

describe('resolveLocale', () => {
  it('prefers configuration, then the user, then the browser', () => {
    expect(resolveLocale({ configured: ['de'], user: ['ar'], browser: ['en-US'] })).toBe('de');
    expect(resolveLocale({ configured: [null, undefined], user: ['ar-EG'], browser: ['de-DE'] })).toBe('ar');
    expect(resolveLocale({ user: [], browser: ['fr-FR', 'de-AT', 'en'] })).toBe('fr');
    expect(resolveLocale({ user: [], browser: ['ja', 'pt-BR', 'en'] })).toBe('pt');
    expect(resolveLocale({ configured: ['xx'], browser: ['ja'] })).toBe('en');
    expect(resolveLocale({ configured: ['DE_ch'] })).toBe('de');
  });
  it('falls back to the organization’s default language before English', () => {
    expect(resolveLocale({ browser: ['ja-JP'], fallback: 'fr-CA' })).toBe('fr');
    expect(resolveLocale({ browser: ['de-DE'], fallback: 'fr' })).toBe('de');
    expect(resolveLocale({ browser: ['ja'], fallback: 'xx' })).toBe('en');
  });
  it('knows right-to-left scripts', () => {
    expect(isRtl('ar')).toBe(true);
    expect(isRtl('he-IL')).toBe(true);
    expect(isRtl('de')).toBe(false);
  });
});

describe('catalogues', () => {
  it('translate every key of the English catalogue, functions included', async () => {
    for (const locale of ['de', 'es', 'fr', 'it', 'pt', 'nl', 'ar']) {
      const c = await loadCatalogue(locale);
      expect(Object.keys(c).sort()).toEqual(Object.keys(en).sort());
      for (const [key, value] of Object.entries(c)) {
        const base = (en as Record<string, unknown>)[key];
        expect(typeof value, `${locale}.${key}`).toBe(typeof base);
        if (typeof value === 'string') {
          expect(value.trim(), `${locale}.${key}`).not.toBe('');
          expect(value, `${locale}.${key} is untranslated`).not.toBe(base);
        } else {
          expect(String((value as (n: number, m?: string) => string)(3, 'x'))).not.toBe('');
        }
      }
    }
  });
  it('choose a catalogue and a direction together, falling back to English', async () => {
    const ar = await chooseLocale({ browser: ['ar-SA'] });
    expect(ar.dir).toBe('rtl');
    expect(ar.catalogue.send).toBe('إرسال');
    expect((await chooseLocale({ browser: ['de'] })).catalogue.send).toBe('Senden');
    expect((await chooseLocale({ browser: ['es-MX'] })).catalogue).not.toBe(en);
    expect(await loadCatalogue('zz')).toBe(en);
  });
});
