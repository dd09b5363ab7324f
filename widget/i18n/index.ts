// The widget's message catalogues. English ships in the app chunk; other locales are
// separate chunks fetched on demand (dynamic import), keeping them out of the 30 KB gzip budget
// for everything before the first message.
import { en, type Catalogue } from './en.js';
import { LOCALES, resolveLocale, textDirection, type Locale } from './locale.js';

export { en, type Catalogue } from './en.js';
export { resolveLocale, textDirection, isRtl, LOCALES, type Locale } from './locale.js';

const loaders: Record<Locale, () => Promise<Catalogue>> = {
  en: async () => en,
  de: () => import('./de.js').then((m) => m.de),
  es: () => import('./es.js').then((m) => m.es),
  fr: () => import('./fr.js').then((m) => m.fr),
  it: () => import('./it.js').then((m) => m.it),
  pt: () => import('./pt.js').then((m) => m.pt),
  nl: () => import('./nl.js').then((m) => m.nl),
  ar: () => import('./ar.js').then((m) => m.ar),
};

const cache = new Map<string, Catalogue>([['en', en]]);

/** The catalogue of `locale` (one of LOCALES); English if loading fails (offline, blocked chunk). */
export async function loadCatalogue(locale: string): Promise<Catalogue> {
  const hit = cache.get(locale);
  if (hit) return hit;
  const load = (loaders as Record<string, (() => Promise<Catalogue>) | undefined>)[locale];
  if (!load) return en;
  try {
    const catalogue = await load();
    cache.set(locale, catalogue);
    return catalogue;
  } catch {
    return en;
  }
}

export interface LocaleChoice {
  locale: string;
  dir: 'ltr' | 'rtl';
  catalogue: Catalogue;
}

/** Resolves and loads in one step (see locale.ts for the order). */
export async function chooseLocale(sources: Parameters<typeof resolveLocale>[0]): Promise<LocaleChoice> {
  const locale = resolveLocale(sources, LOCALES);
  return { locale, dir: textDirection(locale), catalogue: await loadCatalogue(locale) };
}
