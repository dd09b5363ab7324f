// Locale resolution: the embed/channel configuration first, then the user's own locales,
// then the browser's, then the organization's default language; the first tag we have a catalogue
// for wins, matching exactly or by primary subtag (`de-AT` → `de`). English when nothing matches.
export const LOCALES = ['en', 'de', 'es', 'fr', 'it', 'pt', 'nl', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];

const RTL = new Set(['ar', 'he', 'fa', 'ur', 'ps', 'yi', 'dv', 'ckb']);

const primary = (tag: string) => tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';

export function resolveLocale(
  sources: { configured?: (string | null | undefined)[]; user?: readonly string[]; browser?: readonly string[]; fallback?: string | null },
  available: readonly string[] = LOCALES,
): string {
  const candidates = [...(sources.configured ?? []), ...(sources.user ?? []), ...(sources.browser ?? []), sources.fallback];
  for (const raw of candidates) {
    if (!raw) continue;
    const tag = raw.trim().toLowerCase().replace('_', '-');
    const exact = available.find((a) => a.toLowerCase() === tag);
    if (exact) return exact;
    const p = available.find((a) => a.toLowerCase() === primary(tag));
    if (p) return p;
  }
  return available[0] ?? 'en';
}

export const isRtl = (locale: string) => RTL.has(primary(locale));
export const textDirection = (locale: string): 'rtl' | 'ltr' => (isRtl(locale) ? 'rtl' : 'ltr');
