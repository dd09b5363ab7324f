// Keeps the app's language in step with its sources: the embed's data-locale and the
// channel's locale (configuration), the locales the site gives for its user, then the browser's,
// then the organization's default language (sent with the channel).
// Resolution is synchronous and cheap, so it can run on every model change; a catalogue is fetched
// only when the chosen locale changes, and a slower earlier fetch never overrides a newer choice.
import { LOCALES, resolveLocale, textDirection } from './locale.js';
import { loadCatalogue, type LocaleChoice } from './index.js';

export interface LocaleSources {
  configured(): (string | null | undefined)[];
  user(): readonly string[];
  browser(): readonly string[];
  fallback?(): string | null | undefined;
}

export function createLocaleController(sources: LocaleSources, onChange: (choice: LocaleChoice) => void) {
  let wanted: string | null = null;
  return {
    get locale() {
      return wanted ?? 'en';
    },
    refresh(): void {
      const locale = resolveLocale({ configured: sources.configured(), user: sources.user(), browser: sources.browser(), fallback: sources.fallback?.() }, LOCALES);
      if (locale === wanted) return;
      wanted = locale;
      void loadCatalogue(locale).then((catalogue) => {
        if (wanted === locale) onChange({ locale, dir: textDirection(locale), catalogue });
      });
    },
  };
}
