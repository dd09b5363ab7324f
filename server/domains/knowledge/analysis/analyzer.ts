// Per-language text analysis shared by indexing and querying, so a chunk and a question in the same
// language are always cut into the same terms: words (letters and digits; dotted and dashed
// identifiers split into parts), the language's stop words dropped, the language's Snowball stemmer,
// then diacritics folded (after stemming: the German and French stemmers read umlauts and accents).
import * as snowballModule from 'snowball-stemmers';
import * as stopword from 'stopword';
import { MARKERS, type Language } from './language.js';

// A CommonJS module: its API is the default export under ESM, the namespace itself under CJS loaders.
const snowball = ((snowballModule as { default?: typeof snowballModule.default }).default ?? snowballModule) as typeof snowballModule.default;

const STEMMER_NAMES: Record<Language, string> = {
  en: 'english',
  de: 'german',
  es: 'spanish',
  fr: 'french',
  it: 'italian',
  pt: 'portuguese',
  nl: 'dutch',
};

// The words every support question carries ("how do I …", "can you tell me …") say nothing about
// what is asked; they join each language's function words, with the fillers and question words the
// stopword package's lists lack ("so", "its", "does"; "chaque fois", "cada vez", "ogni volta":
// every time), which otherwise counted as concepts a section had to cover. "why" and "one" stay
// content words: manuals title sections with them ("Why are floating-point calculations so
// inaccurate?", "dump one database"), and dropping them lost two tuning questions (docs/eval.md).
// Only whole words are listed: "chaque fois" works as two, each of which says nothing alone.
const FRAMING: Record<Language, string> = {
  en: 'hi hello hey thanks thank please help work works working happen happens happened everything anything something exactly basically simply somehow want wanted need needs way ways possible anyone someone know tell explain using use used thing things able like get got also just still really actually so its when does doesnt dont didnt isnt im ive ok okay maybe anyway even sure whats',
  de: 'hallo danke bitte hilfe möchte möchten will wollen brauche braucht brauchen benötige benötigt mache machen macht tun muss müssen gibt geht irgendwie jemand weiß sagen erklären benutzen verwenden kann können eigentlich halt gerne genau irgendwas ok okay einfach jedes jedesmal mal',
  es: 'hola gracias favor ayuda quiero quisiera necesito puedo puede pueden posible alguien sabe decir explicar usar utilizar hacer hago cada vez siempre pues entonces bueno realmente solo cuándo todavía vale',
  fr: 'faut comment puis pourquoi quel quelle quels quelles bonjour salut merci aide veux voudrais besoin peux peut possible quelqu savoir dire expliquer utiliser faire fais chaque fois toujours donc alors bien vraiment juste quand ok déjà encore quoi',
  it: 'ciao grazie favore aiuto voglio vorrei bisogno posso può possibile qualcuno sapere dire spiegare usare utilizzare fare faccio ogni volta sempre quindi allora davvero solo quando già ancora ecco',
  pt: 'olá obrigado favor ajuda quero queria preciso posso pode possível alguém saber dizer explicar usar utilizar fazer faço',
  nl: 'hallo bedankt alsjeblieft hulp wil wilt moet kan kunnen mogelijk iemand weten zeggen uitleggen gebruiken doen',
};

const STOP_LISTS: Record<Language, string[]> = {
  en: stopword.eng,
  de: stopword.deu,
  es: stopword.spa,
  fr: stopword.fra,
  it: stopword.ita,
  pt: stopword.por,
  nl: stopword.nld,
};

/** Lowercase, fold diacritics (ß → ss, é → e). */
export function fold(word: string): string {
  return word.replace(/ß/g, 'ss').normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
}

const stopSets = new Map<Language, Set<string>>();
function stopSet(lang: Language): Set<string> {
  let set = stopSets.get(lang);
  if (!set) {
    set = new Set<string>();
    // The language's function words used for detection are stop words too (some lists are short).
    for (const w of [...STOP_LISTS[lang], ...FRAMING[lang].split(' '), ...MARKERS[lang]]) {
      set.add(w.toLowerCase());
      set.add(fold(w.toLowerCase()));
    }
    stopSets.set(lang, set);
  }
  return set;
}

export const isStop = (word: string, lang: Language): boolean => stopSet(lang).has(word);

interface Stemmer {
  stem(word: string): string;
}
const stemmers = new Map<Language, { stemmer: Stemmer; cache: Map<string, string> }>();

/** The folded Snowball stem of a lowercase word; cached, since vocabularies are small. */
export function stemWord(word: string, lang: Language): string {
  let s = stemmers.get(lang);
  if (!s) {
    s = { stemmer: snowball.newStemmer(STEMMER_NAMES[lang]) as Stemmer, cache: new Map() };
    stemmers.set(lang, s);
  }
  let out = s.cache.get(word);
  if (out === undefined) {
    out = /\d/.test(word) || word.length <= 2 ? fold(word) : fold(s.stemmer.stem(word));
    if (s.cache.size > 200_000) s.cache.clear();
    s.cache.set(word, out);
  }
  return out;
}

/** Lowercase words of a text: letters and digits; "reply.send" and "type-safe" give their parts. */
export function tokenize(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0 && w.length <= 40);
}

/** Content words of a text in `lang`, unstemmed (stop words and framing dropped). */
export function contentWords(text: string, lang: Language): string[] {
  return tokenize(text).filter((w) => !isStop(w, lang) && !isStop(fold(w), lang) && !(w.length === 1 && !/\d/.test(w)));
}

/** Index and query terms of a text in `lang`. */
export function analyze(text: string, lang: Language): string[] {
  return contentWords(text, lang).map((w) => stemWord(w, lang));
}
