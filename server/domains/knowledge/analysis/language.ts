// Language of a chunk or a question, among the languages Parley analyses (stemmers and stop words
// for each): en, de, es, fr, it, pt, nl. Short texts (most questions) are decided by their function
// words, which a handful of words already show reliably ("wie kann ich", "cómo puedo"); longer texts
// by franc's trigram model, limited to the same languages. Anything undecided counts as English, the
// language most documentation is written in.
import { franc } from 'franc-min';
import { lruMemo } from '../../../lib/lru-memo.js';

export const LANGUAGES = ['en', 'de', 'es', 'fr', 'it', 'pt', 'nl'] as const;
export type Language = (typeof LANGUAGES)[number];

const ISO3: Record<string, Language> = { eng: 'en', deu: 'de', spa: 'es', fra: 'fr', ita: 'it', por: 'pt', nld: 'nl' };

// Function words that are frequent in one language and rare in the others (no shared "de", "a", "en"),
// question words among them ("quanto", "combien", "hoeveel"); they are stop words too (analyzer.ts).
export const MARKERS: Record<Language, string[]> = {
  en: 'the is are how what can do does i my you your to of and with when where which should would will this that it not'.split(' '),
  de: 'der die das ist und ich wie kann was wo wann warum nicht mit ein eine einen dem den des mein meine meinen ich sie wir für auf bei wird werden gibt sich auch wieviel viel habe muss möchte'.split(' '),
  es: 'el los las es cómo como qué que puedo mi mis tu tus su sus por para con una uno unos unas del está están hay dónde cuándo cuál se lo también hago hacer cuánto cuánta cuántos cuántas cuanto puede tengo quiero'.split(' '),
  fr: 'le les est comment je mon ma mes pour avec une des du dans sur peut puis pas ne quoi où quand quel quelle ce cette il vous nous combien ça suis faut voudrais'.split(' '),
  it: 'il lo gli è come posso mio mia miei per con una uno della delle nel sono dove quando quale perché non si anche questo questa quanto quanta quanti quante cosa vorrei devo'.split(' '),
  pt: 'o os as é como posso meu minha meus para com uma um do da dos das no na não onde quando qual também isso você quanto quanta quero tenho preciso'.split(' '),
  nl: 'de het is hoe kan ik mijn wat waar wanneer niet met een van voor op zijn wordt je u ook dit dat hoeveel heb wil moet'.split(' '),
};

// Content words that short support questions lean on ("Quanto costa?", "Il widget usa cookie?") and
// that name their language, or a few of them: they vote like the markers but are no stop words
// (MARKERS are, analyzer.ts), since "kostet" or "funziona" is what such a question is about. A word
// of several languages ("usa": it, es, pt) votes for each, and the markers around it decide.
const HINTS: Partial<Record<Language, string[]>> = {
  de: 'kostet funktioniert benutzt nutzt'.split(' '),
  es: 'usa cuesta funciona sirve'.split(' '),
  fr: 'utilise coûte marche fonctionne sert'.split(' '),
  it: 'usa costa funziona'.split(' '),
  pt: 'usa custa funciona'.split(' '),
  nl: 'kost werkt gebruikt'.split(' '),
};

const markerSets = Object.fromEntries(LANGUAGES.map((l) => [l, new Set([...MARKERS[l], ...(HINTS[l] ?? [])])])) as Record<Language, Set<string>>;

const tokens = (text: string) => text.toLowerCase().split(/[^\p{L}]+/u).filter(Boolean);

/** The language of `text` when its words show one (function words or enough text), else null. */
export function evidentLanguage(text: string): Language | null {
  const words = tokens(text);
  if (text.length >= 120 && words.length > 0) return detectLanguage(text);
  return words.some((w) => LANGUAGES.some((l) => markerSets[l].has(w))) ? detectLanguage(text) : null;
}

// One reply asks for the language of the same question several times (visitor language, procedure
// matching, retrieval, the answerer), and franc's trigram model is the costly part: recent answers
// are remembered. Pure function, so a cached answer is the answer; the least recently used goes first.
const RECENT = 256; // questions-sized texts only (up to 4,000 characters)
const recentDetect = lruMemo(RECENT, (text: string, fallback: Language) => `${fallback}\u0000${text}`, detect);

/** The language of `text`; `fallback` when nothing points anywhere (e.g. a bare keyword). */
export function detectLanguage(text: string, fallback: Language = 'en'): Language {
  // Chunks at sync are longer: seen once, not worth keeping.
  return text.length > 4000 ? detect(text, fallback) : recentDetect(text, fallback);
}

function detect(text: string, fallback: Language): Language {
  const words = tokens(text);
  if (words.length === 0) return fallback;
  const votes = new Map<Language, number>();
  // Each distinct word votes once: a word repeated is no more evidence ("Quelle est la date de fin
  // de support de PostgreSQL" has Dutch's "de" three times, and two French markers).
  for (const w of new Set(words)) for (const l of LANGUAGES) if (markerSets[l].has(w)) votes.set(l, (votes.get(l) ?? 0) + 1);
  const ranked = [...votes.entries()].sort((a, b) => b[1] - a[1]);
  // Long texts: trigram statistics are the better judge; the vote breaks franc's near-ties.
  if (text.length >= 120) {
    const guess = ISO3[franc(text.slice(0, 2000), { only: Object.keys(ISO3), minLength: 10 })];
    if (guess) return guess;
  }
  if (ranked.length === 0) return fallback;
  if (ranked.length > 1 && ranked[0][1] === ranked[1][1]) {
    // A tie among markers: ask franc, which also sees letters (ñ, ß, ç) and endings.
    const guess = ISO3[franc(text, { only: Object.keys(ISO3), minLength: 3 })];
    if (guess && votes.has(guess)) return guess;
    return votes.has(fallback) ? fallback : ranked[0][0];
  }
  return ranked[0][0];
}
